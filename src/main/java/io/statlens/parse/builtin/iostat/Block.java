package io.statlens.parse.builtin.iostat;

/** The lines under one header, read until a blank line or the next header. */
interface Block {

    /**
     * Offers a line of the block's shape.
     *
     * @return true if the line was taken: a row, or a row with the wrong number of values, which is warned about
     */
    boolean offer(String[] tokens, long line);

    /** Whether the tokens make one complete row of the block, exactly as wide as its header. */
    boolean fits(String[] tokens);

    /** Whether a row of this many tokens could be complete; cheap, for every line. */
    boolean fitsWidth(int tokens);

    /**
     * Whether the tokens begin like a row of the block (its key, then a number), so that a line which does not
     * {@link #fits fit} may be a row a terminal wrapped or a person annotated.
     */
    boolean startsRow(String[] tokens);

    /** The block is over; warns about what it still expected. */
    void end();
}
