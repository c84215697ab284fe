package io.statlens.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConnectionLossTest {

    /**
     * Seen in CI (ServerSecurityTest, issue 31 item 7): the owner shut the server's engine down while an import was
     * creating its table, and Derby's client reported it as XJ001 naming the engine's ShutdownException.
     */
    @Test
    void anEngineShutdownThatMetARunningStatementIsALossInPlainWords() {
        SQLException derby = new SQLException("DERBY SQL error: ERRORCODE: 0, SQLSTATE: XJ001, SQLERRMC:"
                + " org.apache.derby.shared.common.error.ShutdownException&#20;&#20;XJ001.U", "XJ001");
        Optional<String> lost = ConnectionLoss.in(new StoreException("cannot create or extend table VMSTAT", derby));
        assertEquals(Optional.of("the server's Derby engine was shut down during a statement (XJ001)"), lost);
    }

    /**
     * Seen in CI (ServerSecurityTest, once the import's planning got faster): the owner shut the engine down while the
     * import was creating its table, and Derby's client read an object it did not expect in the reply.
     */
    @Test
    void aReplyCutShortByTheEnginesShutdownIsALossInPlainWords() {
        SQLException derby = new SQLException("The DDM object 0x1232 is not supported.  The connection has been terminated.", "58015");
        Optional<String> lost = ConnectionLoss.in(new StoreException("cannot create or extend table VMSTAT", derby));
        assertEquals(Optional.of("the server ended the connection (58015)"), lost);
        assertTrue(ConnectionLoss.in(new SQLException("Network protocol exception: DSS length not 0.", "58009")).isPresent());
        assertTrue(ConnectionLoss.in(new SQLException("A connection could not be established because the manager", "58010")).isEmpty());
    }

    @Test
    void anotherJavaExceptionOfTheServerIsNoLoss() {
        SQLException other = new SQLException("DERBY SQL error: SQLSTATE: XJ001, SQLERRMC: java.lang.NullPointerException", "XJ001");
        assertTrue(ConnectionLoss.in(other).isEmpty());
    }
}
