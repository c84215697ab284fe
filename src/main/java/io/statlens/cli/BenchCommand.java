package io.statlens.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder replaced below. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmark parsing and importing.")
public final class BenchCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return ExitCodes.OK;
    }
}
