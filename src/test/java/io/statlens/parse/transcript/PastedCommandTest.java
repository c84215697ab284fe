package io.statlens.parse.transcript;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PastedCommandTest {
    private static final CommandSyntax IOSTAT = CommandSyntax.of(Set.of("iostat"), Set.of("-p", "-o", "-T"))
            .withValueRule((option, next) -> !option.equals("-p") || !next.chars().allMatch(Character::isDigit));

    private static PastedCommand after(String command) {
        return PastedCommand.afterPrompt(command, IOSTAT).orElseThrow();
    }

    @Test
    void readsOptionsOperandsIntervalAndCount() {
        PastedCommand c = after("iostat -p ALL -xy 5 3 > io.log");
        assertEquals("iostat", c.tool());
        assertEquals(List.of("-p", "ALL", "-xy", "5", "3"), c.arguments());
        assertEquals(List.of("-p", "ALL", "-xy"), c.options());
        assertEquals(List.of("5", "3"), c.operands());
        assertEquals(Optional.of(Duration.ofSeconds(5)), c.interval());
        assertEquals(OptionalLong.of(3), c.count());
        assertTrue(c.has("-y"), "a short option inside a cluster");
        assertTrue(c.has("-x"));
        assertFalse(c.has("-k"));
        assertEquals(Optional.of("ALL"), c.value("-p"));
        assertEquals("-p ALL -xy", c.optionText());
        assertEquals("iostat -p ALL -xy 5 3", c.text());
    }

    @Test
    void aNoteInChineseOrJapaneseAfterTheCommandIsNoArgument() {
        // '[[email protected] ~]# vmstat -n 3 (每一个3秒刷新一次)' on a Chinese page: "refreshed every 3 seconds"
        PastedCommand c = after("iostat -x 3 (每一个3秒刷新一次)");
        assertEquals(List.of("-x", "3"), c.arguments());
        assertEquals(Optional.of(Duration.ofSeconds(3)), c.interval());
        assertEquals(List.of("-x", "5"), after("iostat -x 5 ←Ctrl+Cで止める").arguments());
        assertEquals(List.of("2", "10"), after("iostat 2 10 # 每两秒输出一条").arguments(), "a shell comment");
    }

    /** Quoted words are one argument: a ';', ')' or '>' inside the quotes ends nothing (a D program, an awk script). */
    @Test
    void quotedWordsAreOneArgumentWhateverTheyHold() {
        CommandSyntax dtrace = CommandSyntax.of(Set.of("dtrace"), Set.of("-n", "-p"));
        PastedCommand c = PastedCommand.afterPrompt(
                "dtrace -n 'syscall:::entry/pid == $target/{@[probefunc] = count();} tick-10s{exit(0);}' -p 132867", dtrace)
                .orElseThrow();
        assertEquals(List.of("-n", "'syscall:::entry/pid == $target/{@[probefunc] = count();} tick-10s{exit(0);}'", "-p",
                "132867"), c.arguments());
        assertEquals(Optional.of("132867"), c.value("-p"));
        assertEquals(List.of("-n", "pid`pgrep testapp`::hash_func:return'{ @ = lquantize(arg1, 0, 50); }'"),
                PastedCommand.afterPrompt("dtrace -n pid`pgrep testapp`::hash_func:return'{ @ = lquantize(arg1, 0,  50); }'",
                        dtrace).orElseThrow().arguments());
        assertEquals(List.of("-x", "5"), after("iostat -x 5 | awk '$1 > 2 { print; }'").arguments());
    }

    @Test
    void anOptionalValueIsNotTakenWhenTheWordIsTheInterval() {
        assertEquals(Optional.of(Duration.ofSeconds(2)), after("iostat -p 2").interval());
        assertEquals(Optional.of(Duration.ofMillis(500)), after("iostat 0.5").interval());
        assertEquals(Optional.empty(), after("iostat -x").interval());
        assertEquals(Optional.empty(), after("iostat $INTERVAL").interval(), "shell variables are not numbers");
    }

    @Test
    void findsTheToolAfterWrappersAssignmentsAndSeparatorsButNotAsAnArgument() {
        assertEquals("/usr/bin/iostat", after("sudo -u ann /usr/bin/iostat -x 1").tool());
        assertEquals(Optional.of(Duration.ofSeconds(1)), after("LC_ALL=C S_TIME_FORMAT=ISO iostat -t 1").interval());
        assertEquals(Optional.of(Duration.ofSeconds(10)), after("date; iostat -x 10 6").interval());
        assertEquals(Optional.of(Duration.ofSeconds(5)), after("time taskset -c 0 iostat 5 2").interval());
        assertEquals(Optional.of(Duration.ofSeconds(1)), after("for i in 1 2; do iostat 1 1; done").interval());
        // pdsh and clush run the command on each host they are given
        assertEquals(Optional.of(Duration.ofSeconds(5)), after("pdsh -R ssh -w node[1-2],db01 iostat -x 5 2").interval());
        assertEquals(Optional.of(Duration.ofSeconds(2)), after("clush -b -w node[1-4] iostat 2 3").interval());
        assertTrue(PastedCommand.afterPrompt("man iostat", IOSTAT).isEmpty());
        assertTrue(PastedCommand.afterPrompt("grep iostat notes.txt", IOSTAT).isEmpty());
        assertTrue(PastedCommand.afterPrompt("myiostat 1", IOSTAT).isEmpty());
    }

    @Test
    void longOptionsWithValuesAndAttachedValues() {
        CommandSyntax vmstat = CommandSyntax.of(Set.of("vmstat"), Set.of("-S", "--unit"));
        PastedCommand c = PastedCommand.afterPrompt("vmstat --unit=M -Sk 2", vmstat).orElseThrow();
        assertEquals(Optional.of("M"), c.value("--unit"));
        assertEquals(Optional.of("k"), c.value("-S"));
        assertEquals(Optional.of(Duration.ofSeconds(2)), c.interval());
    }

    @Test
    void aLineWithoutPromptIsACommandOnlyWhenItsFirstArgumentSaysSo() {
        CommandSyntax sysbench = CommandSyntax.of(Set.of("sysbench"), Set.of())
                .withBareArgument(word -> word.startsWith("--") || word.equals("cpu"));
        assertTrue(PastedCommand.bare("sysbench --threads=4 cpu run", sysbench).isPresent());
        assertTrue(PastedCommand.bare("sysbench cpu run", sysbench).isPresent());
        assertTrue(PastedCommand.bare("sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)", sysbench).isEmpty());
        assertTrue(PastedCommand.bare("iostat", IOSTAT).isPresent());
        assertTrue(PastedCommand.bare("iostat -x 1", IOSTAT).isPresent());
        assertTrue(PastedCommand.bare("iostat reports CPU statistics", IOSTAT).isEmpty());
        // a sentence of a Japanese or Chinese page that starts with the command it explains
        assertTrue(PastedCommand.bare("iostat -x コマンドでディスクの使用率を取得することができます。", IOSTAT).isEmpty());
        assertTrue(PastedCommand.bare("iostat -x 1 每秒输出一次", IOSTAT).isEmpty());
    }

    @Test
    void aWordOfProseEndingInAColonEndsTheCommand() {
        // "sar -u ALL shows:" above the output in an issue (darold/sysusage#6): the sentence goes on after the command
        CommandSyntax sar = CommandSyntax.of(Set.of("sar"), Set.of("-f", "-o", "-u", "-P"));
        PastedCommand c = PastedCommand.bare("sar -u ALL shows:", sar).orElseThrow();
        assertEquals("-u ALL", c.argumentText());
        assertEquals("iostat -x 1", after("iostat -x 1 gives:").text());
        // an option's value may end in a colon
        assertEquals("-p sda:", after("iostat -p sda:").argumentText());
    }
}
