package io.statlens.store.read;

import io.statlens.store.StoreException;
import io.statlens.store.schema.Repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The collects writing into a repository's runs, as the repository itself records them: a collector says so when it
 * starts ({@link #begin}) and ends ({@link #end}) with a fact {@code collect.active} of its run, so that anyone who
 * reaches the repository (a benchmark script on another machine, with a server repository's URL alone) finds them.
 * A collector killed (-9, a power cut) cannot take its fact back: a collect counts as active while its run's last
 * sample, or its start, is recent ({@link Active#alive}).
 */
public final class ActiveCollects {
    /** The run's fact that says a collect writes into it ({@link #begin}), kept until it ends. */
    public static final String FACT = "collect.active";
    private static final Pattern VALUE = Pattern.compile("since (\\S+) every (\\d+) s by (.*)");

    private final Repository repo;

    public ActiveCollects(Repository repo) {
        this.repo = repo;
    }

    /**
     * A collect recorded as active.
     *
     * @param collector who collects ({@code pid 4711 on db01})
     * @param lastSample the latest sample of its run committed so far, null before the first
     */
    public record Active(String run, Instant since, int intervalSeconds, String collector, Instant lastSample) {
        /**
         * Whether it still collects: its last sample (or, before the first, its start) is no older than three
         * intervals and a minute (a commit every interval, a tool's first report after one).
         */
        public boolean alive(Instant now) {
            Instant latest = lastSample != null && lastSample.isAfter(since) ? lastSample : since;
            return !latest.plus(Duration.ofSeconds(3L * intervalSeconds + 60)).isBefore(now);
        }
    }

    /** Records a collect into the run as active, in place of an earlier one's record, and commits. */
    public void begin(String run, Instant since, int intervalSeconds, String collector) {
        write(run, "since " + since + " every " + intervalSeconds + " s by " + collector);
    }

    /** Records that the run's collect has ended, and commits. */
    public void end(String run) {
        write(run, null);
    }

    private void write(String run, String value) {
        Connection c = repo.connection();
        try {
            long runId = new RunCatalog(repo).id(run);
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM FACTS WHERE RUN_ID = ? AND FILE_ID IS NULL AND NAME = ?")) {
                ps.setLong(1, runId);
                ps.setString(2, FACT);
                ps.executeUpdate();
            }
            if (value != null) {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO FACTS (RUN_ID, FILE_ID, NAME, VAL) VALUES (?, NULL, ?, ?)")) {
                    ps.setLong(1, runId);
                    ps.setString(2, FACT);
                    ps.setString(3, value);
                    ps.executeUpdate();
                }
            }
            c.commit();
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("cannot record the collect of run '" + run + "': " + e.getMessage(), e);
        }
    }

    /**
     * The collects recorded as active, alive or not, by run name. Two statements, not one with a subquery: a collector's
     * commit updates its data sets' rows, then its run's; a statement reading the run while it waits for the data sets
     * holds the run's row, and the two deadlock (the note would fail as "busy").
     */
    public List<Active> list() {
        record Recorded(long runId, String run, Matcher value) {
        }
        List<Recorded> recorded = new ArrayList<>();
        List<Active> out = new ArrayList<>();
        try {
            try (PreparedStatement ps = repo.connection().prepareStatement("SELECT R.ID, R.NAME, F.VAL FROM FACTS F"
                    + " JOIN RUNS R ON R.ID = F.RUN_ID WHERE F.FILE_ID IS NULL AND F.NAME = ? ORDER BY R.NAME")) {
                ps.setString(1, FACT);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Matcher m = VALUE.matcher(rs.getString(3) == null ? "" : rs.getString(3));
                        if (m.matches()) recorded.add(new Recorded(rs.getLong(1), rs.getString(2), m));
                    }
                }
            }
            try (PreparedStatement ps = repo.connection().prepareStatement("SELECT MAX(LAST_TS) FROM DATASETS WHERE RUN_ID = ?")) {
                for (Recorded r : recorded) {
                    ps.setLong(1, r.runId());
                    java.sql.Timestamp last = null;
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) last = rs.getTimestamp(1);
                    }
                    Matcher m = r.value();
                    out.add(new Active(r.run(), Instant.parse(m.group(1)), Integer.parseInt(m.group(2)), m.group(3),
                            last == null ? null : Repository.instant(last)));
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the active collects: " + e.getMessage(), e);
        }
        return out;
    }
}
