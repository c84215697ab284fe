package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.model.SummaryValue;
import io.statlens.store.saved.Annotation;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code statlens export RUN}: one data set as CSV ({@code time,elapsed_s,key,<labels as printed>}) or JSON,
 * or with {@code --summary} the run's summary values as {@code name,value,unit}. A run with annotations
 * gets a last column, {@code annotation}, carrying each text on the first exported row at or after its
 * time (texts that land on the same row are joined with "; "); annotations after the last row are not
 * exported. Runs without annotations keep the plain column set, so scripts reading it do not change. A data set of
 * several hosts (a collect of two hosts, pdsh's output of two hosts in one file) is written a host at a time, with a
 * column {@code host} before {@code key}: their rows share times and keys, and nothing else would tell them apart. So
 * are summary values of several hosts (mpstat's {@code Average:} lines of each host pdsh ran it on):
 * {@code host,name,value,unit}, a host's values after another's.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Export a run's data set (or its summary values) as CSV or JSON.",
                "Columns: time (ISO-8601 UTC), elapsed_s, key, then one column per metric named by its label as the tool " +
                        "printed it; data of several hosts gets a column host before key, a host's rows after another's; runs " +
                        "with annotations get a last column, annotation (each text on the first row at or after its time). " +
                        "--summary exports the summary values as name,value,unit instead (host,name,value,unit when " +
                        "they are of several hosts)."})
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Parameters(paramLabel = "RUN", description = "Run name.")
    String run;

    @Option(names = "--tool", paramLabel = "T", description = "Data set: a tool (iostat) or tool.dataset (iostat.cpu).")
    String tool;

    @Option(names = "--format", defaultValue = "csv", description = "csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--summary", description = "Export the run's summary values as name,value,unit.")
    boolean summary;

    @Option(names = "--include-since-boot", description = "Include the since-boot sample that vmstat/iostat/mpstat print first.")
    boolean sinceBoot;

    @Override
    public Integer call() {
        if (format == OutputFormat.table) throw new io.statlens.model.UserException("--format: export writes csv or json");
        try (Repository repo = repository.openExisting();
             TabularWriter writer = TabularWriter.of(format, spec.commandLine().getOut(), ReadableNumbers.ROOT)) {
            if (summary) {
                exportSummary(repo, writer);
            } else {
                exportSeries(repo, writer);
            }
        }
        return ExitCodes.OK;
    }

    private void exportSeries(Repository repo, TabularWriter writer) {
        SeriesReader reader = new SeriesReader(repo);
        SeriesReader.Selection selection = reader.select(run, tool);
        List<SeriesReader.Selection> hosts = reader.byHost(selection);
        boolean severalHosts = hosts.size() > 1;
        List<Annotation> annotations = new AnnotationStore(repo).list(run);
        boolean annotated = !annotations.isEmpty();
        List<String> header = new ArrayList<>(List.of("time", "elapsed_s"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, true));
        if (severalHosts) {
            header.add("host");
            numeric.add(false);
        }
        header.add("key");
        numeric.add(false);
        selection.metrics().stream().map(DataTable.MetricColumn::label).forEach(header::add);
        numeric.addAll(Collections.nCopies(selection.metrics().size(), true));
        if (annotated) {
            header.add("annotation");
            numeric.add(false);
        }
        writer.header(header, numeric);
        for (SeriesReader.Selection host : hosts) {
            // each host's rows carry the run's annotations, as each host's chart shows them
            int[] next = {0};
            reader.read(host, sinceBoot, row -> {
                List<Object> values = new ArrayList<>(header.size());
                values.add(row.time());
                values.add(row.elapsed());
                if (severalHosts) values.add(host.host());
                values.add(row.key());
                for (double v : row.values()) values.add(v);
                if (annotated) {
                    List<String> due = new ArrayList<>();
                    while (next[0] < annotations.size() && !annotations.get(next[0]).time().isAfter(row.time())) {
                        due.add(annotations.get(next[0]++).text());
                    }
                    values.add(due.isEmpty() ? null : String.join("; ", due));
                }
                writer.row(values);
            });
        }
    }

    private void exportSummary(Repository repo, TabularWriter writer) {
        RunCatalog catalog = new RunCatalog(repo);
        // a host's values after one another, as the rows of a data set of several hosts are exported
        Map<String, List<SummaryValue>> byHost = new LinkedHashMap<>();
        for (RunCatalog.HostSummary v : catalog.summaryByHost(catalog.id(run))) {
            byHost.computeIfAbsent(v.host(), h -> new ArrayList<>()).add(v.value());
        }
        boolean severalHosts = byHost.size() > 1;
        writer.header(severalHosts ? List.of("host", "name", "value", "unit") : List.of("name", "value", "unit"),
                severalHosts ? List.of(false, false, true, false) : List.of(false, true, false));
        for (Map.Entry<String, List<SummaryValue>> host : byHost.entrySet()) {
            Map<String, Long> datasetsPerName = new HashMap<>();
            for (SummaryValue v : host.getValue()) {
                if (v.key().isEmpty()) datasetsPerName.merge(v.name(), 1L, Long::sum);
            }
            for (SummaryValue v : host.getValue()) {
                List<Object> row = new ArrayList<>();
                if (severalHosts) row.add(host.getKey());
                row.addAll(List.of(summaryName(v, datasetsPerName), v.value(), v.unit()));
                writer.row(row);
            }
        }
    }

    /** {@code tps}; {@code dataset.name} where two data sets share a name; {@code dataset[key].name} for keyed values. */
    static String summaryName(SummaryValue v, Map<String, Long> datasetsPerName) {
        if (!v.key().isEmpty()) return v.dataset() + "[" + v.key() + "]." + v.name();
        return datasetsPerName.getOrDefault(v.name(), 0L) > 1 ? v.dataset() + "." + v.name() : v.name();
    }
}
