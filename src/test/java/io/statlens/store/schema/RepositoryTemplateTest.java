package io.statlens.store.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A new repository copied from the recorded template holds what one Derby creates holds; one that does not fit is not used. */
class RepositoryTemplateTest {
    @TempDir
    Path dir;

    @Test
    void aRepositoryCopiedFromTheTemplateHasTheSchemaOfACreatedOne() throws Exception {
        Path template = dir.resolve("template");
        RepositoryTemplate.record(template);
        List<String> created;
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("created")))) {
            created = schema(repo);
        }
        String before = System.getProperty(RepositoryTemplate.PROPERTY);
        System.setProperty(RepositoryTemplate.PROPERTY, template.toString());
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("copied")))) {
            assertEquals(created, schema(repo));
            // its migrations were recorded when the template was, not now: it is the copy
            assertEquals(appliedAt(template), appliedAt(repo));
            assertFalse(Files.exists(dir.resolve(".copied.creating")));
        } finally {
            if (before == null) System.clearProperty(RepositoryTemplate.PROPERTY);
            else System.setProperty(RepositoryTemplate.PROPERTY, before);
        }
    }

    @Test
    void aTemplateOfAnotherTerritoryOrNoneIsNotUsed() throws Exception {
        Path template = dir.resolve("template");
        RepositoryTemplate.record(template);
        assertTrue(RepositoryTemplate.fits(template));
        Path service = template.resolve("service.properties");
        Files.writeString(service, Files.readString(service).replace("derby.serviceLocale=" + Locale.getDefault(),
                "derby.serviceLocale=" + (Locale.getDefault().getLanguage().equals("tr") ? "de_DE" : "tr_TR")));
        assertFalse(RepositoryTemplate.fits(template));
        assertFalse(RepositoryTemplate.fits(dir.resolve("missing")));
        String before = System.getProperty(RepositoryTemplate.PROPERTY);
        System.setProperty(RepositoryTemplate.PROPERTY, template.toString());
        try {
            // Derby creates it instead
            assertFalse(RepositoryTemplate.copyTo(dir.resolve("new")));
            assertFalse(Files.exists(dir.resolve("new")));
        } finally {
            if (before == null) System.clearProperty(RepositoryTemplate.PROPERTY);
            else System.setProperty(RepositoryTemplate.PROPERTY, before);
        }
    }

    /** Every table's and view's columns with their types, and every function, in a stable order. */
    private static List<String> schema(Repository repo) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = repo.connection().createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT T.TABLENAME, T.TABLETYPE, C.COLUMNNAME, C.COLUMNNUMBER, CAST(C.COLUMNDATATYPE AS VARCHAR(200))"
                    + " FROM SYS.SYSTABLES T JOIN SYS.SYSCOLUMNS C ON C.REFERENCEID = T.TABLEID WHERE T.TABLETYPE IN ('T', 'V')"
                    + " ORDER BY T.TABLENAME, C.COLUMNNUMBER")) {
                while (rs.next()) out.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getString(3) + " " + rs.getInt(4) + " " + rs.getString(5));
            }
            try (ResultSet rs = s.executeQuery("SELECT ALIAS, ALIASTYPE FROM SYS.SYSALIASES WHERE SYSTEMALIAS = FALSE ORDER BY ALIAS")) {
                while (rs.next()) out.add("alias " + rs.getString(1) + " " + rs.getString(2));
            }
            try (ResultSet rs = s.executeQuery("SELECT CONGLOMERATENAME FROM SYS.SYSCONGLOMERATES G JOIN SYS.SYSTABLES T ON G.TABLEID = T.TABLEID"
                    + " WHERE T.TABLETYPE = 'T' AND G.ISINDEX AND NOT G.CONGLOMERATENAME LIKE 'SQL%' ORDER BY 1")) {
                while (rs.next()) out.add("index " + rs.getString(1));
            }
        }
        return out;
    }

    private static List<String> appliedAt(Repository repo) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = repo.connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT VERSION, APPLIED_AT FROM STATLENS_SCHEMA ORDER BY VERSION")) {
            while (rs.next()) out.add(rs.getInt(1) + " " + rs.getTimestamp(2));
        }
        return out;
    }

    private static List<String> appliedAt(Path template) throws SQLException {
        // a copy, so that the template itself is never booted (booting rewrites its files)
        Path copy = template.resolveSibling(template.getFileName() + "-read");
        if (!Files.exists(copy)) {
            String before = System.getProperty(RepositoryTemplate.PROPERTY);
            System.setProperty(RepositoryTemplate.PROPERTY, template.toString());
            try {
                assertTrue(RepositoryTemplate.copyTo(copy));
            } finally {
                if (before == null) System.clearProperty(RepositoryTemplate.PROPERTY);
                else System.setProperty(RepositoryTemplate.PROPERTY, before);
            }
        }
        try (Repository repo = Repository.open(RepositoryLocation.embedded(copy))) {
            return appliedAt(repo);
        }
    }
}
