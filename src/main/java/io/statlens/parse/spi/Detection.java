package io.statlens.parse.spi;

/** Constants shared by detection and parsers' {@code sniff} methods. */
public final class Detection {
    /** A parser must be at least this sure to be picked without {@code --tool}. */
    public static final double THRESHOLD = 0.5;

    private Detection() {
    }
}
