package io.statlens.parse.declarative;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClasspathFolderTest {
    @Test
    void aClassesRootIsWhereItsLoaderFindsItsFile() throws Exception {
        List<URL> classes = ClasspathFolder.rootOf(ClasspathFolder.class);
        assertEquals(1, classes.size());
        Path dir = Path.of(classes.get(0).toURI());
        assertTrue(Files.isRegularFile(dir.resolve("io/statlens/parse/declarative/ClasspathFolder.class")), dir.toString());

        List<URL> jar = ClasspathFolder.rootOf(Test.class);
        assertEquals(1, jar.size());
        assertEquals("file", jar.get(0).getProtocol());
        assertTrue(jar.get(0).getPath().endsWith(".jar") && Files.isRegularFile(Path.of(jar.get(0).toURI())), jar.toString());
    }
}
