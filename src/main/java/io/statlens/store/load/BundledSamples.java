package io.statlens.store.load;

import io.statlens.model.UserException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The real tool outputs shipped in the jar ({@code statlens/samples/}, listed with their provenance in
 * {@code INDEX.tsv}): what {@code statlens demo} and the window's first steps import. They are copied to a folder
 * first, because a repository records the path of every file it imported.
 */
public final class BundledSamples {
    private static final String FOLDER = "/statlens/samples/";
    /** Marks a folder of copied samples, so that copying them again replaces only a folder statlens made. */
    private static final String MARKER = ".statlens-demo-samples";

    /** One bundled file: which run it belongs to, its path under the samples folder, and where it comes from. */
    public record Sample(String run, String file, String tool, String provenance) {
    }

    private BundledSamples() {
    }

    /** Every bundled file, in the index's order. */
    public static List<Sample> list() {
        List<Sample> out = new ArrayList<>();
        try (InputStream in = BundledSamples.class.getResourceAsStream(FOLDER + "INDEX.tsv")) {
            if (in == null) throw new IllegalStateException("the jar has no bundled samples (statlens/samples/INDEX.tsv)");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith("run\t")) continue;
                String[] f = line.split("\t", -1);
                out.add(new Sample(f[0], f[1], f[2], f.length > 3 ? f[3] : ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Copies one bundled file to {@code target}, replacing what is there. */
    public static void copy(Sample sample, Path target) throws IOException {
        try (InputStream in = BundledSamples.class.getResourceAsStream(FOLDER + sample.file())) {
            if (in == null) throw new IllegalStateException("bundled sample missing: " + sample.file());
            Files.createDirectories(target.getParent());
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Copies every bundled file into {@code folder/RUN/FILE}, the folder emptied first if an earlier copy made it; a
     * folder with other content is refused.
     *
     * @return the files of each run, runs in the index's order
     */
    public static Map<String, List<Path>> extract(Path folder) throws IOException {
        if (Files.exists(folder)) {
            if (!Files.exists(folder.resolve(MARKER))) {
                throw new UserException(folder + " exists and was not made by statlens; the bundled samples are copied to a folder of their own");
            }
            try (Stream<Path> s = Files.walk(folder)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(MARKER), "sample files copied by statlens\n");
        Map<String, List<Path>> byRun = new LinkedHashMap<>();
        for (Sample s : list()) {
            Path target = folder.resolve(s.run()).resolve(Path.of(s.file()).getFileName().toString());
            copy(s, target);
            byRun.computeIfAbsent(s.run(), k -> new ArrayList<>()).add(target);
        }
        return byRun;
    }

    /** How one run of samples is imported: tools detected, times read as UTC, the run tagged {@code sample}. */
    public static ImportRequest request(String run, List<Path> files) {
        return new ImportRequest(files, run, Optional.empty(), List.of("sample"), Optional.empty(), Optional.empty(),
                Optional.empty(), ZoneOffset.UTC, false, false, false);
    }
}
