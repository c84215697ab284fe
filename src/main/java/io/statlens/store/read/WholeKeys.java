package io.statlens.store.read;

import io.statlens.store.StoreException;
import io.statlens.store.schema.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The whole keys of a run's keys too long for a data table (a deep DTrace stack is stored as its start, {@code …#} and a
 * hash): by data set and stored key, from {@code V_WHOLE_KEYS}. A run holds few, so they are read at once.
 */
public final class WholeKeys {
    private final Map<String, String> byDatasetAndKey;

    private WholeKeys(Map<String, String> byDatasetAndKey) {
        this.byDatasetAndKey = byDatasetAndKey;
    }

    public static WholeKeys ofRun(Repository repo, String run) {
        Map<String, String> out = new HashMap<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT DATASET, ITEM, WHOLE_KEY FROM V_WHOLE_KEYS WHERE RUN = ?")) {
            ps.setString(1, run);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.put(id(rs.getString(1), rs.getString(2)), rs.getString(3));
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the whole keys of run '" + run + "': " + e.getMessage(), e);
        }
        return new WholeKeys(out);
    }

    /** The whole key that {@code key} of the qualified data set stands for; the key itself when it was stored whole. */
    public String whole(String dataset, String key) {
        return byDatasetAndKey.getOrDefault(id(dataset, key), key);
    }

    private static String id(String dataset, String key) {
        return dataset + '\n' + key;
    }
}
