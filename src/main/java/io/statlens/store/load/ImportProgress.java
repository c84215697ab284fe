package io.statlens.store.load;

import java.nio.file.Path;

/** Progress of an import, for a progress bar or a stderr line. Called on the importing thread. */
public interface ImportProgress {
    ImportProgress NONE = new ImportProgress() {
    };

    /**
     * Called once the files are planned, before the first starts: the bytes the import will read, each file's size once
     * for each part of it read (a part is read from the file's start, its lines picked as they come).
     */
    default void planned(long bytesToRead) {
    }

    default void fileStarted(Path file, String tool, long sizeBytes) {
    }

    /** Called now and then while a file is parsed. */
    default void advanced(Path file, long bytesRead, long sizeBytes, long rows) {
    }

    default void fileFinished(ImportResult.FileResult result) {
    }

    /**
     * The import has waited a while for other clients' work, which this says (whose, since when); called
     * on a thread of its own, again when the wait is for someone else.
     */
    default void waiting(String what) {
    }
}
