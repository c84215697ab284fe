#!/usr/bin/env python3
"""Writes, for every glibc locale source, how sysstat's banner (strftime %x) and report times (%X) and numbers
look in it: locale, language sysstat prints its words in, d_fmt, whether %X is a 12-hour clock, decimal point,
am/pm strings. Usage: locale_dates.py /usr/share/i18n/locales SYSSTAT_LANGS > locale-dates.tsv"""
import os, re, sys

root, langs = sys.argv[1], set(sys.argv[2].split(','))

def decode(s):
    s = re.sub(r'<U([0-9A-Fa-f]{4,8})>', lambda m: chr(int(m.group(1), 16)), s)
    return s

def load(name):
    path = os.path.join(root, name)
    if not os.path.exists(path):
        return None
    esc, comment = '\\', '#'
    cats, cur, lines = {}, None, []
    raw = open(path, encoding='utf-8', errors='replace').read().split('\n')
    # join continuation lines
    joined, buf = [], ''
    for l in raw:
        m = re.match(r'^\s*escape_char\s+(\S)', l)
        if m: esc = m.group(1)
        m = re.match(r'^\s*comment_char\s+(\S)', l)
        if m: comment = m.group(1)
        if l.rstrip().endswith(esc) and not l.rstrip().endswith(esc + esc):
            buf += l.rstrip()[:-1]
            continue
        joined.append(buf + l); buf = ''
    for l in joined:
        s = l.strip()
        if not s or s.startswith(comment): continue
        m = re.match(r'^(LC_[A-Z]+)$', s)
        if m: cur = m.group(1); cats[cur] = {}; continue
        if s.startswith('END '): cur = None; continue
        if cur is None: continue
        m = re.match(r'^(\w+)\s+(.*)$', s)
        if not m: continue
        key, val = m.group(1), m.group(2)
        strs = re.findall(r'"((?:[^"]|' + re.escape(esc) + r'")*)"', val)
        strs = [decode(x.replace(esc + esc, '\x00').replace(esc + '/', '/').replace(esc, '').replace('\x00', esc)) for x in strs]
        cats[cur].setdefault(key, strs)
    return cats

cache = {}
def field(name, cat, key, depth=0):
    if depth > 10: return None
    if name not in cache: cache[name] = load(name)
    c = cache[name]
    if c is None or cat not in c: return None
    sect = c[cat]
    if key in sect: return sect[key]
    if 'copy' in sect and sect['copy']:
        return field(sect['copy'][0], cat, key, depth + 1)
    return None

print('# locale\tlanguage\td_fmt\ttwelve_hour\tdecimal_point\tam_pm')
for name in sorted(os.listdir(root)):
    if not re.match(r'^[a-z]{2,3}_[A-Z]{2}(@\w+)?$', name): continue
    d = field(name, 'LC_TIME', 'd_fmt'); t = field(name, 'LC_TIME', 't_fmt')
    dp = field(name, 'LC_NUMERIC', 'decimal_point'); ap = field(name, 'LC_TIME', 'am_pm') or ['', '']
    if not d or not t or not dp: continue
    lang = name.split('_')[0]
    terr = name.split('_')[1][:2]
    cat = lang + '_' + terr if lang + '_' + terr in langs else lang
    words = cat if cat in langs else 'en'
    twelve = bool(re.search(r'%[rpPIl]', t[0]))
    print('\t'.join([name, words, d[0], 'y' if twelve else 'n', dp[0], '|'.join(x for x in ap if x)]))
