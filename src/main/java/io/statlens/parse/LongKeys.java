package io.statlens.parse;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The stored form of a key longer than a repository holds: its start, then {@code …#} and 16 hex digits of its SHA-256. */
final class LongKeys {
    private static final String MARK = "\u2026#";
    private static final int HASH_HEX = 16;

    private LongKeys() {
    }

    static String stored(String key, int max) {
        int cut = max - MARK.length() - HASH_HEX;
        if (Character.isHighSurrogate(key.charAt(cut - 1))) cut--;
        return key.substring(0, cut) + MARK + hash(key);
    }

    private static String hash(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, HASH_HEX / 2);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
