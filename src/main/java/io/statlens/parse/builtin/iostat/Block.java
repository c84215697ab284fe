package io.statlens.parse.builtin.iostat;

/** The lines under one header, read until a blank line or the next header. */
interface Block {

    /**
     * Offers a line of the block's shape.
     *
     * @return true if the line was taken: a row, or a row with the wrong number of values, which is warned about
     */
    boolean offer(String[] tokens, long line);

    /** The block is over; warns about what it still expected. */
    void end();
}
