package io.statlens.parse.transcript;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PromptTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "$ vmstat 1|vmstat 1",
            "$ $ vmstat 1|vmstat 1",
            "# iostat -x 5|iostat -x 5",
            "% sar -u|sar -u",
            "❯ mpstat|mpstat",
            "➜  ~ vmstat 1|vmstat 1",
            "➜  src git:(main) ✗ iostat -x 1|iostat -x 1",
            " ╰─λ vmstat 1|vmstat 1",
            "» iostat|iostat",
            "user@db01:~$ vmstat -S M 2|vmstat -S M 2",
            "[root@db01 ~]# sudo iostat -xk 5 3|sudo iostat -xk 5 3",
            "example% prstat -s rss|prstat -s rss",
            "bash-3.2$ nicstat 1|nicstat 1",
            // bash's \s-\v with a blank before the mark (PS1='\s-\v \$ '), as a DRBD thread pasted it (nwild13)
            "bash-4.2 # iostat -xkd 1 /dev/drbd0|iostat -xkd 1 /dev/drbd0",
            "sh-5.1 $ vmstat 1|vmstat 1",
            "thumper1[bash]$ ~/arcstat.pl|~/arcstat.pl",
            "(venv) ann@db01 ~ $ sysbench cpu run|sysbench cpu run",
            "root@server:~#|''",
            "shell> sync|sync",
            "mysql> show processlist;|show processlist;",
            "MariaDB [(none)]> SHOW GLOBAL STATUS;|SHOW GLOBAL STATUS;",
            "MySQL [sbtest]> show engine innodb status\\G|show engine innodb status\\G",
            "~/codeDir/cppCode/study # top -b|top -b",
            "/ # top|top",
            "root@debug-freebsd:~ # vmstat 1 2|vmstat 1 2",
            "ann@fbsd14:/usr/src $ iostat -x 1|iostat -x 1",
            // zsh's right prompt (RPROMPT), copied with the line it stands on (sensu-community-plugins PR 22)
            "# vmstat -a                                                                                                                                                                                    ~|vmstat -a",
            "% iostat -x 1                                        ~/src (main)|iostat -x 1",
            // a page's e-mail protection (Cloudflare) put its placeholder where user@host was
            "[[email protected] ~]# vmstat -n 3|vmstat -n 3",
            "[email protected]:~$ iostat -x 1|iostat -x 1",
    })
    void findsTheCommandBehindEveryKindOfPrompt(String line, String command) {
        assertEquals(Optional.of(command), Prompt.command(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "10:00:01     all    1.00    0.00",
            "avg-cpu:  %user   %nice %system",
            "Transaction      %    Average :    90th %",
            "[ 10s ] thds: 15 tps: 337.43 lat (ms,95%): 73.13",
            "100% done",
            "procs -----------memory---------- ---swap--",
            "Moyenne :  all   95,77",
            "12:00:01 # of samples",
            "cpu-1 % of time",
    })
    void toolOutputIsNoPrompt(String line) {
        assertEquals(Optional.empty(), Prompt.command(line));
    }
}
