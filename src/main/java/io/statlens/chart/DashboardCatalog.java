package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.saved.SavedDashboards;
import io.statlens.store.schema.Repository;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Dashboards: the default one of runs (what the window shows when runs are opened), and the ones saved by name in
 * the repository.
 *
 * <p>The default dashboard answers "what did the machine do while the benchmark ran": one chart per role, CPU, disk,
 * network, memory, the busiest processes, the hottest locks, the benchmark's headline figure and, for runs with MySQL or MariaDB data, the database row
 * (statements per second, threads running, checkpoint age), each the first preset of its role the runs have data for:
 * a preset that charts named keys ({@code key = Innodb_checkpoint_age}) only when the runs hold one of them.
 * Runs that fill fewer than three roles (a benchmark alone, arcstat alone) get their other presets too, up to five
 * charts, so that opening any run shows what it holds.
 */
public final class DashboardCatalog {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._-]{0,99}");

    /** The presets of each role of the default dashboard, best first; names a run has no data for are passed over. */
    static final List<List<String>> ROLES = List.of(
            // CPU: the all-CPUs breakdown from the most detailed tool the run has
            List.of("sar.cpu", "mpstat.cpu", "nmon.cpu", "vmstat.cpu", "iostat.cpu", "top.cpu", "dstat.cpu", "prstat.load"),
            // disk: how busy the devices were
            List.of("iostat.util", "sar.disk", "nmon.diskbusy", "vmstat.disk", "sar.io", "vmstat.io", "dstat.disk"),
            // network: throughput per interface
            List.of("sar.net", "nicstat.throughput", "nicstat.util", "nmon.net", "dstat.net"),
            // memory
            List.of("sar.memory", "vmstat.memory", "nmon.memory", "sar.memory-free", "top.memory", "arcstat.size", "dstat.memory"),
            // processes: the busiest few of a process table (Top-N), never one line per PID
            List.of("pidstat.cpu", "top.process", "top.thread", "pidstat.thread-cpu", "nmon.top", "dstat.top-cpu", "dstat.top-cpu-adv"),
            // locks: the hottest few locks and callers (Top-N), from the kernel's or one process's lock statistics
            List.of("lockstat.spin", "lockstat.block", "plockstat.block", "plockstat.spin", "lockstat.hold", "plockstat.hold"),
            // the benchmark's headline
            List.of("sysbench.tps", "tpcc.trx", "dbt2.notpm", "faban.metric"),
            // the database server: statements per second, threads running, the redo log's checkpoint age
            List.of("mysql.commands", "mysql.questions", "innodb.rows"),
            List.of("mysql.threads"),
            List.of("mysql.checkpoint", "mysql.redo-log", "innodb.checkpoint"));
    /** Fewer charts from the roles than this, and the runs' other presets fill the dashboard up to {@link #FILLED}. */
    private static final int FEW = 3;
    private static final int FILLED = 5;

    private final RunCatalog runs;
    private final PresetCatalog presets;
    private final SavedDashboards saved;

    public DashboardCatalog(Repository repo) {
        this.runs = new RunCatalog(repo);
        this.presets = new PresetCatalog(repo);
        this.saved = new SavedDashboards(repo);
    }

    /** The default dashboard of these runs (see the class comment); its name is null. */
    public Dashboard defaultFor(List<String> runNames) {
        if (runNames.isEmpty()) throw new UserException("a dashboard needs at least one run");
        List<PresetCatalog.Preset> applicable = applicable(runNames);
        List<ChartDefinition> charts = new ArrayList<>();
        for (List<String> role : ROLES) {
            role.stream().flatMap(name -> applicable.stream().filter(p -> p.name().equals(name) && holdsKeys(p.definition(), runNames)))
                    .findFirst().ifPresent(p -> charts.add(p.definition()));
        }
        if (charts.size() < FEW) {
            // Runs of one or two tools (a benchmark alone, arcstat alone): their other presets fill the dashboard.
            for (PresetCatalog.Preset p : applicable) {
                if (charts.size() >= FILLED) break;
                if (!charts.contains(p.definition())) charts.add(p.definition());
            }
        }
        if (charts.isEmpty()) {
            throw new UserException("no chart preset applies to " + (runNames.size() == 1 ? "run " : "runs ")
                    + String.join(", ", runNames) + "; chart its metrics one by one from the browser");
        }
        return new Dashboard(null, runNames, charts);
    }

    /**
     * Whether the runs hold a key the definition names (a status variable: MySQL 8 has no {@code Innodb_checkpoint_age}),
     * so that the role's next preset is taken instead of an empty chart; a definition that names none charts any key.
     */
    private boolean holdsKeys(ChartDefinition d, List<String> runNames) {
        if (d.keys().isEmpty() || d.tool() == null) return true;
        for (String run : runNames) {
            for (String dataset : runs.datasetNames(run)) {
                if (dataset.equalsIgnoreCase(d.tool()) && !runs.heldKeys(run, dataset, d.keys()).isEmpty()) return true;
            }
        }
        return false;
    }

    /** The presets (built-in and saved) that chart a data set of any of these runs, to add to a dashboard. */
    public List<PresetCatalog.Preset> applicable(List<String> runNames) {
        Set<String> datasets = new LinkedHashSet<>();
        for (String run : runNames) {
            runs.datasetNames(run).forEach(d -> datasets.add(d.toLowerCase(Locale.ROOT)));
        }
        return presets.applicable(datasets);
    }

    /** The names of the saved dashboards, sorted. */
    public List<String> names() {
        return saved.list().stream().map(SavedDashboards.Saved::name).toList();
    }

    public Optional<Dashboard> find(String name) {
        return saved.find(name).map(s -> new Dashboard(s.name(), s.runs(),
                Dashboard.parseCharts(s.charts(), "dashboard '" + s.name() + "'")));
    }

    /** Saves a dashboard under a name (replacing one of that name) and returns it named so. */
    public Dashboard save(String name, Dashboard dashboard) {
        String n = name == null ? "" : name.strip();
        if (!NAME.matcher(n).matches()) {
            throw new UserException("dashboard name '" + n + "': expected letters, digits, spaces, '.', '_' or '-'"
                    + " (at most 100, starting with a letter or digit)");
        }
        if (dashboard.charts().isEmpty()) throw new UserException("add a chart to the dashboard before saving it");
        for (String run : dashboard.runs()) {
            if (run.contains("\n") || run.contains("\r")) throw new UserException("run name with a line break cannot be saved in a dashboard: " + run);
        }
        Dashboard named = dashboard.withName(n);
        saved.save(n, named.chartsText(), named.runs());
        return named;
    }

    public void delete(String name) {
        if (!saved.delete(name)) throw new UserException("no saved dashboard named '" + name + "'");
    }
}
