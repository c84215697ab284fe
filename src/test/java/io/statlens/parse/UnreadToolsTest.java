package io.statlens.parse;

import io.statlens.parse.spi.Head;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Output of tools statlens does not read is named when it is refused (found on Q&A pages and blogs). */
class UnreadToolsTest {
    private static Optional<String> named(String... lines) {
        return UnreadTools.name(new Head("f.txt", List.of(lines)));
    }

    @Test
    void freeIsNamedInItsOldAndNewForms() {
        assertEquals(Optional.of("free(1)"), named("Why does my server show", "",
                "            total      used      free   shared buffers    cached",
                "    Mem: 12286456  11715372    571084        0   81912   6545228",
                "-/+ buffers/cache:  5088232   7198224",
                "   Swap: 24571408     54528  24516880"));
        assertEquals(Optional.of("free(1)"), named("free -hw", "",
                "        total   used   free   shared   buffers   cache   available",
                "Mem:     2.0G   566M   860M      14M       41M    531M        1.2G  ",
                "Swap:    4.0G     0B   4.0G  "));
    }

    @Test
    void topsMemoryLinesAndProseAreNotFree() {
        assertEquals(Optional.empty(), named("top - 03:11:49 up 16:28,  4 users,  load average: 0.08, 0.03, 0.01",
                "Mem:   1016372k total,   811796k used,   204576k free,    24736k buffers",
                "Swap:  2064380k total,    41640k used,  2022740k free,   295652k cached"));
        assertEquals(Optional.empty(), named("The total used and free memory is shown by free.", "Mem: see below"));
    }
}
