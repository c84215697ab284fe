package io.statlens.gui;

import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition of the window, asked on the FX thread, instead of a fixed sleep: a sleep is too short on a
 * loaded machine (the test then looks at a picture still being drawn) and too long on an idle one.
 */
final class FxWait {
    private static final int TIMEOUT_S = 30;

    private FxWait() {
    }

    /** Returns once {@code condition} holds and the FX thread has handled what was queued; fails after 30 s. */
    static void until(String what, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(TIMEOUT_S, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
        } catch (TimeoutException e) {
            throw new AssertionError("waited " + TIMEOUT_S + " s for " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
