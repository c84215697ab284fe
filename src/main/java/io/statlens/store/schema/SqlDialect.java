package io.statlens.store.schema;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * What differs between SQL engines, kept in one place: Derby is retired upstream, and a server
 * engine must be able to follow by implementing this seam rather than by editing SQL everywhere.
 */
public interface SqlDialect {

    /** Column type for an auto-numbered primary key. */
    String identityColumn();

    /** Column type for metric values. */
    String doubleType();

    /** Column type for text up to {@code length} characters. */
    String varchar(int length);

    /** Column type for long text (notes, fact values, warning messages). */
    String longText();

    /** Column type for binary data up to {@code length} bytes. */
    String varbinary(int length);

    /** Statement that lets a column hold NULL. */
    String dropNotNull(String table, String column);

    /** Expression for the seconds, with fractions, from one timestamp expression to another. */
    String secondsBetween(String from, String to);

    /** Whether the table exists (in the default schema). */
    boolean tableExists(Connection c, String table);

    /** Whether this exception says another process holds the repository. */
    boolean isRepositoryInUse(SQLException e);

    /** Whether this exception says there is no repository at the location. */
    boolean isMissingDatabase(SQLException e);

    /** Reserved words that cannot be column names. */
    boolean isReserved(String upperCaseWord);

    /** Statement that limits a query's rows, appended to a SELECT. */
    String fetchFirst(int rows);
}
