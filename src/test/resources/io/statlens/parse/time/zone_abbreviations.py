#!/usr/bin/env python3
"""Prints the zone abbreviations that tzdata uses for more than one UTC offset in 2025 (January or July),
with the offsets and the countries (zone1970.tab) of each: ambiguous abbreviations such as CST and IST."""
import zoneinfo, datetime, collections
tab = {}
for l in open('/usr/share/zoneinfo/zone1970.tab'):
    if l.startswith('#'): continue
    f = l.rstrip('\n').split('\t'); tab[f[2]] = f[0]
m = collections.defaultdict(lambda: collections.defaultdict(set))
for z in sorted(zoneinfo.available_timezones()):
    if z not in tab: continue
    tz = zoneinfo.ZoneInfo(z)
    for mon in (1, 7):
        d = datetime.datetime(2025, mon, 15, 12, tzinfo=tz)
        a = d.tzname()
        if a[0] in '+-': continue
        m[a][int(d.utcoffset().total_seconds() // 60)].update(tab[z].split(','))
for a in sorted(m):
    if len(m[a]) > 1:
        print(a, '\t'.join('%+03d:%02d %s' % (k // 60 if k >= 0 else -((-k) // 60), abs(k) % 60, ','.join(sorted(v))) for k, v in sorted(m[a].items())), sep='\t')
