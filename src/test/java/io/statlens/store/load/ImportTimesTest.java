package io.statlens.store.load;

import io.statlens.model.UserException;
import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --file-locale} as the command line and the import plan read it: glibc's names, language tags, C. */
class ImportTimesTest {
    @Test
    void aLocaleIsTakenAsGlibcAndLanguageTagsNameIt() {
        assertEquals(Locale.UK, ImportTimes.locale("en_GB.UTF-8", "--file-locale"));
        assertEquals(Locale.forLanguageTag("pt-BR"), ImportTimes.locale("pt-BR", "--file-locale"));
        assertEquals(Locale.ROOT, ImportTimes.locale("C", "--file-locale"));
        UserException bad = assertThrows(UserException.class, () -> ImportTimes.locale("xx_QQ", "--file-locale"));
        assertTrue(bad.getMessage().startsWith("--file-locale xx_QQ: not a locale"), bad.getMessage());
    }
}
