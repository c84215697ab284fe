package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.store.saved.ChartPresets;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Named chart definitions: the built-in ones shipped in the jar ({@code statlens/charts/builtin.charts}),
 * and the ones users saved in the repository. A saved preset of the same name as a built-in one
 * replaces it, so a user can adapt a default chart and keep the name.
 */
public final class PresetCatalog {
    private static final String BUILT_IN = "statlens/charts/builtin.charts";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,99}");
    private static final Pattern NAME_LINE = Pattern.compile("(?m)^\\s*(name\\s*=.*|\\[.*]\\s*)$\\R?");
    private static volatile List<ChartDefinition> builtIns;

    private final ChartPresets saved;

    /** @param repo the repository holding saved presets; null for the built-in ones only */
    public PresetCatalog(Repository repo) {
        this.saved = repo == null ? null : new ChartPresets(repo);
    }

    public enum Origin {
        BUILT_IN("built-in"), SAVED("saved"), SAVED_OVER_BUILT_IN("saved (replaces built-in)");

        private final String text;

        Origin(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * @param text the definition as text, starting with its name line: a saved one as it was saved
     *             (comments kept), a built-in one as {@link ChartDefinitionFormat#write} writes it
     */
    public record Preset(ChartDefinition definition, String text, Origin origin) {
        public String name() {
            return definition.name();
        }
    }

    /** The built-in definitions, in file order. */
    public static List<ChartDefinition> builtIn() {
        List<ChartDefinition> b = builtIns;
        if (b == null) {
            try (InputStream in = PresetCatalog.class.getClassLoader().getResourceAsStream(BUILT_IN)) {
                if (in == null) throw new IllegalStateException("missing resource " + BUILT_IN);
                b = ChartDefinitionFormat.parseAll(new String(in.readAllBytes(), StandardCharsets.UTF_8), BUILT_IN);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            builtIns = b;
        }
        return b;
    }

    /** Every preset, built-in ones first in file order, then saved ones by name. */
    public List<Preset> list() {
        Map<String, Preset> byName = new LinkedHashMap<>();
        for (ChartDefinition d : builtIn()) byName.put(d.name(), new Preset(d, ChartDefinitionFormat.write(d), Origin.BUILT_IN));
        if (saved != null) {
            for (ChartPresets.SavedPreset s : saved.list()) {
                Origin origin = byName.containsKey(s.name()) ? Origin.SAVED_OVER_BUILT_IN : Origin.SAVED;
                ChartDefinition definition = parseSaved(s.name(), s.definition());
                byName.put(s.name(), new Preset(definition, withName(s.name(), s.definition()), origin));
            }
        }
        return List.copyOf(byName.values());
    }

    public Optional<Preset> find(String name) {
        return list().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * The presets a name stands for: the preset of that name, or, for a tool or data set name
     * ({@code vmstat}, {@code sar}), every preset whose name starts with it and a dot.
     */
    public List<Preset> resolve(String name) {
        Optional<Preset> exact = find(name);
        if (exact.isPresent()) return List.of(exact.get());
        List<Preset> family = list().stream().filter(p -> p.name().startsWith(name + ".")).toList();
        if (!family.isEmpty()) return family;
        throw new UserException("no chart preset named '" + name + "'; presets: "
                + String.join(", ", list().stream().map(Preset::name).toList()) + " (or a tool name for all of its presets)");
    }

    /**
     * The presets that draw something the runs hold, in preset order: the default set of charts for them. A preset
     * applies when a run has its data set (or summary values of it: a benchmark that prints only its result is drawn
     * as bars) with at least one of its metrics, so that no preset is offered that would draw nothing.
     */
    public List<Preset> applicableTo(RunCatalog catalog, Collection<String> runs) {
        Map<String, Set<String>> labels = new LinkedHashMap<>();
        for (String run : runs) {
            long id = catalog.id(run);
            for (RunCatalog.DatasetInfo d : catalog.datasets(id)) {
                Set<String> of = labels.computeIfAbsent(d.qualifiedName(), k -> new TreeSet<>());
                d.metrics().forEach(m -> of.add(m.label()));
            }
            // Summary values are drawn only where the run has no series of their data set (SelectionSource).
            Set<String> series = catalog.datasetNames(run);
            catalog.summary(id).stream().filter(v -> !series.contains(v.dataset().toLowerCase(Locale.ROOT)))
                    .forEach(v -> labels.computeIfAbsent(v.dataset().toLowerCase(Locale.ROOT), k -> new TreeSet<>()).add(v.name()));
        }
        return list().stream().filter(p -> {
            ChartDefinition d = p.definition();
            Set<String> held = d.tool() == null ? null : labels.get(d.tool().toLowerCase(Locale.ROOT));
            return held != null && d.metrics().stream().flatMap(List::stream).anyMatch(m -> held.contains(ChartDefinition.drawnLabel(m)));
        }).toList();
    }

    /** The presets (built-in or saved) that chart data sets a run has: the default set of charts for it. */
    public List<Preset> applicable(Collection<String> datasets) {
        return list().stream().filter(p -> p.definition().tool() != null
                && datasets.contains(p.definition().tool().toLowerCase(Locale.ROOT))).toList();
    }

    /**
     * The preset that shows a metric of a data set, for a finding or a table to point at: the first of the data set
     * that draws the metric as named ({@code %iowait}, {@code 100 - %idle}), else the first that draws it at all
     * ({@code 100 - %idle} draws {@code %idle}). Empty when no preset draws it. Of a keyed data set whose presets
     * chart named keys ({@code mysql.status}: one preset per family of status variables), the first preset that names
     * the key comes first: {@code Innodb_buffer_pool_reads} is shown by the buffer pool's chart, not the statements'.
     */
    public Optional<Preset> showing(String dataset, String metric, String key) {
        if (key != null && !key.isEmpty()) {
            String d = dataset.toLowerCase(Locale.ROOT);
            Optional<Preset> named = list().stream().filter(p -> p.definition().tool() != null
                    && p.definition().tool().toLowerCase(Locale.ROOT).equals(d) && p.definition().keys().contains(key)
                    && p.definition().metrics().stream().flatMap(List::stream).anyMatch(m -> m.equals(metric))).findFirst();
            if (named.isPresent()) return named;
        }
        return showing(dataset, metric);
    }

    /** As {@link #showing(String, String, String)} without a key: the first preset that draws the metric. */
    public Optional<Preset> showing(String dataset, String metric) {
        String d = dataset.toLowerCase(Locale.ROOT);
        List<Preset> ofDataset = list().stream().filter(p -> p.definition().tool() != null
                && p.definition().tool().toLowerCase(Locale.ROOT).equals(d)).toList();
        Optional<Preset> exact = ofDataset.stream()
                .filter(p -> p.definition().metrics().stream().flatMap(List::stream).anyMatch(m -> m.equals(metric))).findFirst();
        if (exact.isPresent()) return exact;
        String label = ChartDefinition.drawnLabel(metric);
        return ofDataset.stream().filter(p -> p.definition().metrics().stream().flatMap(List::stream)
                .anyMatch(m -> ChartDefinition.drawnLabel(m).equals(label))).findFirst();
    }

    /**
     * Checks and saves a definition under a name. The text is kept as written (comments included),
     * without any name line or header, so that the name given here is the only one.
     */
    public Preset save(String name, String text, String source) {
        requireStore();
        if (!NAME.matcher(name).matches()) {
            throw new UserException("preset name '" + name + "': expected lower-case letters, digits, '.', '_' or '-'"
                    + " (at most 100, starting with a letter or digit)");
        }
        ChartDefinition definition = ChartDefinitionFormat.parseOne(text, source).withName(name);
        String body = NAME_LINE.matcher(text).replaceAll("").strip() + "\n";
        boolean replacesBuiltIn = builtIn().stream().anyMatch(d -> d.name().equals(name));
        saved.save(name, body);
        return new Preset(definition, withName(name, body), replacesBuiltIn ? Origin.SAVED_OVER_BUILT_IN : Origin.SAVED);
    }

    /** Deletes a saved preset; built-in ones cannot be deleted. */
    public void delete(String name) {
        requireStore();
        if (saved.delete(name)) return;
        boolean builtIn = builtIn().stream().anyMatch(d -> d.name().equals(name));
        throw new UserException(builtIn ? "'" + name + "' is a built-in preset; only saved presets can be deleted"
                : "no saved preset named '" + name + "'");
    }

    private void requireStore() {
        if (saved == null) throw new IllegalStateException("presets are saved in a repository; none was given");
    }

    private static ChartDefinition parseSaved(String name, String text) {
        try {
            return ChartDefinitionFormat.parseOne(text, "saved preset '" + name + "'").withName(name);
        } catch (UserException e) {
            throw new UserException(e.getMessage() + " (show it with: statlens presets show " + name
                    + "; fix and save it again, or delete it)");
        }
    }

    private static String withName(String name, String body) {
        return "name = " + name + "\n" + body;
    }
}
