package io.statlens.store.schema;

import io.statlens.store.DataTable;

import java.util.List;

/**
 * The repository schema, as numbered steps. A repository records the last step applied; opening
 * applies the missing ones in one transaction and refuses a repository from a newer statlens.
 * Never edit a released step: add a new one.
 */
final class Migrations {
    /** The index of {@code DATASET_STATS} by data set and metric column (step 6). */
    static final String STATS_BY_COLUMN = "DATASET_STATS_COLUMN";
    /** The overviews of long series (step 9). */
    static final String OVERVIEWS = "OVERVIEWS";

    /**
     * @param convert work beyond statements, on the repository's data tables (null: none)
     */
    record Step(int version, String description, List<String> statements, Conversion convert) {
        Step(int version, String description, List<String> statements) {
            this(version, description, statements, null);
        }
    }

    /** A step's work that statements cannot do. */
    interface Conversion {
        void run(DataTables tables) throws java.sql.SQLException;
    }

    private Migrations() {
    }

    static List<Step> steps(SqlDialect d) {
        String id = d.identityColumn();
        String text = d.longText();
        String dbl = d.doubleType();
        return List.of(new Step(1, "runs, files, data sets, metric catalog, summary, facts, warnings,"
                + " per-data-set statistics, annotations", List.of(
                "CREATE TABLE RUNS (ID " + id + ", NAME " + d.varchar(200) + " NOT NULL UNIQUE, HOST " + d.varchar(200)
                        + ", START_TS TIMESTAMP, CREATED_AT TIMESTAMP NOT NULL, NOTES " + text + ")",
                "CREATE TABLE RUN_TAGS (RUN_ID BIGINT NOT NULL REFERENCES RUNS(ID) ON DELETE CASCADE, TAG "
                        + d.varchar(200) + " NOT NULL, PRIMARY KEY (RUN_ID, TAG))",
                "CREATE TABLE SOURCE_FILES (ID " + id + ", RUN_ID BIGINT NOT NULL REFERENCES RUNS(ID) ON DELETE CASCADE, PATH "
                        + d.varchar(4000) + " NOT NULL, SIZE_BYTES BIGINT NOT NULL, SHA256 CHAR(64) NOT NULL, PARSER "
                        + d.varchar(100) + " NOT NULL, PARSER_VERSION " + d.varchar(40) + ", VARIANT " + d.varchar(200)
                        + ", ROW_COUNT BIGINT NOT NULL, WARNING_COUNT INT NOT NULL, IMPORTED_AT TIMESTAMP NOT NULL)",
                "CREATE INDEX SOURCE_FILES_RUN ON SOURCE_FILES(RUN_ID)",
                "CREATE TABLE DATASETS (ID " + id + ", RUN_ID BIGINT NOT NULL REFERENCES RUNS(ID) ON DELETE CASCADE,"
                        + " FILE_ID BIGINT NOT NULL REFERENCES SOURCE_FILES(ID) ON DELETE CASCADE, TOOL " + d.varchar(100)
                        + " NOT NULL, NAME " + d.varchar(100) + " NOT NULL, TABLE_NAME " + d.varchar(128) + " NOT NULL,"
                        + " KEY_LABEL " + d.varchar(100) + ", ROW_COUNT BIGINT NOT NULL, FIRST_TS TIMESTAMP, LAST_TS TIMESTAMP)",
                "CREATE INDEX DATASETS_RUN ON DATASETS(RUN_ID)",
                "CREATE TABLE METRICS (TABLE_NAME " + d.varchar(128) + " NOT NULL, COLUMN_NAME " + d.varchar(128)
                        + " NOT NULL, LABEL " + d.varchar(200) + " NOT NULL, UNIT " + d.varchar(40) + ", DESCRIPTION "
                        + d.varchar(1000) + ", POSITION INT NOT NULL, PRIMARY KEY (TABLE_NAME, COLUMN_NAME))",
                "CREATE TABLE SUMMARY (RUN_ID BIGINT NOT NULL REFERENCES RUNS(ID) ON DELETE CASCADE,"
                        + " FILE_ID BIGINT REFERENCES SOURCE_FILES(ID) ON DELETE CASCADE, DATASET " + d.varchar(200)
                        + " NOT NULL, ITEM " + d.varchar(DataTable.ITEM_LENGTH) + " NOT NULL, NAME " + d.varchar(200)
                        + " NOT NULL, VAL " + d.doubleType() + " NOT NULL, UNIT " + d.varchar(40) + ")",
                "CREATE INDEX SUMMARY_RUN ON SUMMARY(RUN_ID)",
                "CREATE TABLE FACTS (RUN_ID BIGINT NOT NULL REFERENCES RUNS(ID) ON DELETE CASCADE,"
                        + " FILE_ID BIGINT REFERENCES SOURCE_FILES(ID) ON DELETE CASCADE, NAME " + d.varchar(200)
                        + " NOT NULL, VAL " + text + ")",
                "CREATE INDEX FACTS_RUN ON FACTS(RUN_ID)",
                "CREATE TABLE WARNINGS (RUN_ID BIGINT NOT NULL REFERENCES RUNS(ID) ON DELETE CASCADE,"
                        + " FILE_ID BIGINT REFERENCES SOURCE_FILES(ID) ON DELETE CASCADE, LINE_NO BIGINT NOT NULL, KIND "
                        + d.varchar(20) + " NOT NULL, MESSAGE " + text + ")",
                "CREATE INDEX WARNINGS_RUN ON WARNINGS(RUN_ID)",
                // Computed at import per data set, key and metric column, since-boot samples excluded.
                // DIGEST is the t-digest of the values, so that data sets of several files can be merged.
                "CREATE TABLE DATASET_STATS (DATASET_ID BIGINT NOT NULL REFERENCES DATASETS(ID) ON DELETE CASCADE, ITEM "
                        + d.varchar(DataTable.ITEM_LENGTH) + " NOT NULL, COLUMN_NAME " + d.varchar(128) + " NOT NULL,"
                        + " N BIGINT NOT NULL, MIN_V " + dbl + ", MAX_V " + dbl + ", MEAN_V " + dbl + ", STDDEV_V " + dbl
                        + ", P50 " + dbl + ", P90 " + dbl + ", P95 " + dbl + ", P99 " + dbl + ", DIGEST " + d.varbinary(32672)
                        + ", PRIMARY KEY (DATASET_ID, ITEM, COLUMN_NAME))",
                "CREATE TABLE ANNOTATIONS (ID " + id + ", RUN_ID BIGINT NOT NULL REFERENCES RUNS(ID) ON DELETE CASCADE,"
                        + " TS TIMESTAMP NOT NULL, TEXT " + d.varchar(4000) + " NOT NULL, SOURCE " + d.varchar(400)
                        + " NOT NULL)",
                "CREATE INDEX ANNOTATIONS_RUN ON ANNOTATIONS(RUN_ID, TS)",
                "CREATE VIEW V_DATASETS AS SELECT R.NAME AS RUN, R.HOST, D.ID AS DATASET_ID, D.TOOL, D.NAME AS DATASET,"
                        + " D.TABLE_NAME, D.KEY_LABEL, D.ROW_COUNT, D.FIRST_TS, D.LAST_TS, F.PATH, F.VARIANT"
                        + " FROM DATASETS D JOIN RUNS R ON R.ID = D.RUN_ID JOIN SOURCE_FILES F ON F.ID = D.FILE_ID",
                "CREATE VIEW V_SUMMARY AS SELECT R.NAME AS RUN, S.DATASET, S.ITEM, S.NAME, S.VAL, S.UNIT"
                        + " FROM SUMMARY S JOIN RUNS R ON R.ID = S.RUN_ID",
                "CREATE VIEW V_FACTS AS SELECT R.NAME AS RUN, F.NAME, F.VAL FROM FACTS F JOIN RUNS R ON R.ID = F.RUN_ID",
                "CREATE VIEW V_STATS AS SELECT R.NAME AS RUN, CASE WHEN D.NAME = '' THEN D.TOOL ELSE D.TOOL || '.' || D.NAME END"
                        + " AS DATASET, D.TABLE_NAME, S.ITEM, M.LABEL, S.COLUMN_NAME, M.UNIT, S.N, S.MIN_V, S.MAX_V, S.MEAN_V,"
                        + " S.STDDEV_V, S.P50, S.P90, S.P95, S.P99, S.DATASET_ID FROM DATASET_STATS S"
                        + " JOIN DATASETS D ON D.ID = S.DATASET_ID JOIN RUNS R ON R.ID = D.RUN_ID"
                        + " JOIN METRICS M ON M.TABLE_NAME = D.TABLE_NAME AND M.COLUMN_NAME = S.COLUMN_NAME",
                "CREATE VIEW V_ANNOTATIONS AS SELECT A.ID, R.NAME AS RUN, A.TS, " + d.secondsBetween("R.START_TS", "A.TS")
                        + " AS ELAPSED_S, A.TEXT, A.SOURCE FROM ANNOTATIONS A JOIN RUNS R ON R.ID = A.RUN_ID",
                // Chart definitions saved by name (statlens presets save). They describe charts, not runs,
                // so they reference no run and outlive every run.
                "CREATE TABLE CHART_PRESETS (NAME " + d.varchar(200) + " NOT NULL PRIMARY KEY, DEFINITION " + text
                        + " NOT NULL, SAVED_AT TIMESTAMP NOT NULL)")),
                // A file is registered before it is read (what is read from it refers to it); its hash is
                // known only once it has been read, so until then the column says "not known yet".
                new Step(2, "a source file's SHA-256 is NULL until its content has been read",
                        List.of(d.dropNotNull("SOURCE_FILES", "SHA256"))),
                // Dashboards saved by name from the desktop window: the charts (chart definitions as text, as
                // presets are kept) and the runs they were saved for, one name a line. Like presets, they
                // reference no run row: deleting a run leaves the dashboard, which then says the run is gone.
                new Step(3, "dashboards saved by name",
                        List.of("CREATE TABLE DASHBOARDS (NAME " + d.varchar(200) + " NOT NULL PRIMARY KEY, CHARTS " + text
                                + " NOT NULL, RUNS " + text + " NOT NULL, SAVED_AT TIMESTAMP NOT NULL)")),
                // A column is named by the tool's own label (free), so that runs in any locale share it; what a
                // translated header printed instead (frei, libre) is kept per data set, for show and reports.
                new Step(4, "labels a data set's file printed in another language than the tool's own", List.of(
                        "CREATE TABLE DATASET_LABELS (DATASET_ID BIGINT NOT NULL REFERENCES DATASETS(ID) ON DELETE CASCADE,"
                                + " COLUMN_NAME " + d.varchar(128) + " NOT NULL, PRINTED " + d.varchar(200) + " NOT NULL,"
                                + " PRIMARY KEY (DATASET_ID, COLUMN_NAME))")),
                // Derby's cost per row and column was more than the whole import budget (docs/bench.md): its data sets'
                // rows move into blocks of samples, one row per data set, key and block; each data table's name becomes
                // a view over them. Engines that keep row tables have nothing to do.
                d.storesBlocks()
                        ? new Step(5, "data sets' rows kept in blocks of samples", BlockViews.createTable(d), DataTables::convertToBlocks)
                        : new Step(5, "data sets' rows kept in blocks of samples (not on this engine)", List.of()),
                // A chart, its statistics pane and the busiest keys read a few metric columns of a run's data sets
                // (StoredStats.columns); the primary key (data set, key, column) would have them walk every key's
                // every column, and a repository of many runs holds many of those.
                new Step(6, "statistics found by data set and metric column",
                        List.of("CREATE INDEX " + STATS_BY_COLUMN + " ON DATASET_STATS(DATASET_ID, COLUMN_NAME)")),
                // A key longer than ITEM holds (a deep DTrace stack) is stored as its start and a hash (CheckedSink);
                // the whole key is kept here, once per data set and stored key, and goes with its data set.
                new Step(7, "whole keys of the keys too long for a data table", List.of(
                        "CREATE TABLE DATASET_WHOLE_KEYS (DATASET_ID BIGINT NOT NULL REFERENCES DATASETS(ID) ON DELETE CASCADE,"
                                + " ITEM " + d.varchar(DataTable.ITEM_LENGTH) + " NOT NULL, WHOLE_KEY " + text + " NOT NULL,"
                                + " PRIMARY KEY (DATASET_ID, ITEM))",
                        "CREATE VIEW V_WHOLE_KEYS AS SELECT R.NAME AS RUN, CASE WHEN D.NAME = '' THEN D.TOOL ELSE D.TOOL || '.' || D.NAME END"
                                + " AS DATASET, K.ITEM, K.WHOLE_KEY, K.DATASET_ID FROM DATASET_WHOLE_KEYS K"
                                + " JOIN DATASETS D ON D.ID = K.DATASET_ID JOIN RUNS R ON R.ID = D.RUN_ID")),
                // Named spans of a run (warm-up, steady state, cool-down) that stats, top, report, compare and the
                // dashboard show alone; a null end is the run's own. They go with their run, as its notes do.
                new Step(8, "named time windows of a run",
                        List.of("CREATE TABLE TIME_WINDOWS (RUN_ID BIGINT NOT NULL REFERENCES RUNS(ID) ON DELETE CASCADE, NAME "
                                + d.varchar(100) + " NOT NULL, FROM_TS TIMESTAMP, TO_TS TIMESTAMP, SAVED_AT TIMESTAMP NOT NULL,"
                                + " PRIMARY KEY (RUN_ID, NAME))")),
                // A chart of a long series reads about as many values as it has pixel columns: per data set, key and metric
                // the M4 overview of its samples (OverviewBuckets) at a few resolutions, rows of buckets by time. Written
                // from the rows after their statistics (OverviewWriter); a repository of an earlier statlens has none, and
                // its charts read rows as before, until a run is imported or copied again.
                new Step(9, "overviews of long series for charts (first, last, minimum and maximum per bucket of samples)",
                        List.of("CREATE TABLE " + OVERVIEWS + " (DATASET_ID BIGINT NOT NULL REFERENCES DATASETS(ID) ON DELETE CASCADE,"
                                + " ITEM " + d.varchar(DataTable.ITEM_LENGTH) + " NOT NULL, COLUMN_NAME " + d.varchar(128) + " NOT NULL,"
                                + " SAMPLES_PER_BUCKET INT NOT NULL, SEQ INT NOT NULL, ROWS_SEEN BIGINT NOT NULL, FIRST_TS TIMESTAMP NOT NULL,"
                                + " LAST_TS TIMESTAMP NOT NULL, DATA " + d.varbinary(32672) + " NOT NULL,"
                                + " PRIMARY KEY (DATASET_ID, SAMPLES_PER_BUCKET, ITEM, COLUMN_NAME, SEQ))")),
                // A run of ten million rows took seconds to delete row by row, and a query of one run walked an index
                // over every run's rows: each data set's rows become a partition of their data table of their own
                // (DatasetPartitions), so that deleting a run drops its tables and a query reads only its own.
                // Engines that do not partition have nothing to do.
                d.partitionsByDataset()
                        ? new Step(10, "data tables partitioned by data set", List.of(), DataTables::partitionByDataset)
                        : new Step(10, "data tables partitioned by data set (not on this engine)", List.of()),
                // Which metric columns each data set uses, so that deleting a run can drop the columns no remaining data
                // set uses (issue 31: a junk header of 900 labels left its columns in the tool's table for good). Data
                // sets written before this step have no rows here and count as using every column of their table.
                new Step(11, "metric columns each data set uses",
                        List.of("CREATE TABLE DATASET_METRICS (DATASET_ID BIGINT NOT NULL REFERENCES DATASETS(ID)"
                                + " ON DELETE CASCADE, COLUMN_NAME " + d.varchar(128) + " NOT NULL, PRIMARY KEY (DATASET_ID, COLUMN_NAME))")),
                // A run of several hosts (a collect of --host db01 --host app01) named every row of a V_ view by the run's
                // host list: each row is of its file's host now (its host fact, else the run's). Derby's views read it
                // as they unpack the blocks (BlockRows); the views of the other engines are made again.
                d.storesBlocks()
                        ? new Step(12, "each row of a data view names its file's host (read with the blocks on this engine)", List.of())
                        : new Step(12, "each row of a data view names its file's host", List.of(), DataTables::recreateViews),
                // A chart of 10 of a run's 257 CPUs walked the whole data set in sample order on PostgreSQL, dropping the
                // other keys' rows (docs/bench.md: a report of a 10M-row run cost 1.8x Derby's CPU): row tables get an index
                // by data set, key and sample. Derby's blocks are kept by key already.
                d.storesBlocks()
                        ? new Step(13, "data tables indexed by key (not on this engine: blocks are kept by key)", List.of())
                        : new Step(13, "data tables indexed by data set, key and sample", List.of(), DataTables::indexByKey),
                // Blocks of narrow tables hold up to 4,096 rows (SampleBlock.capacity); a statlens of 512-row blocks would
                // fail on them with an index error, so the step has nothing to do but make such a statlens refuse the
                // repository as one from a newer statlens. Engines without blocks have nothing to do either.
                d.storesBlocks()
                        ? new Step(14, "blocks of narrow tables hold up to 4,096 rows", List.of())
                        : new Step(14, "blocks of narrow tables hold up to 4,096 rows (not on this engine: rows are kept one by one)", List.of()));
    }

    static int latestVersion(SqlDialect d) {
        List<Step> steps = steps(d);
        return steps.get(steps.size() - 1).version();
    }
}
