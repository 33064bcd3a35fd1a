package com.storageplatform.commerce.imports;

import java.io.InputStream;
import java.util.UUID;
import java.util.function.IntFunction;

/**
 * An uploaded file read back from its chunks one at a time, as a blocking stream for the CSV parser: read only on
 * a thread that may block (the worker's bounded-elastic one), never on an event loop.
 */
final class StoredFile extends InputStream {

    private final IntFunction<byte[]> chunks;
    private byte[] current = new byte[0];
    private int position;
    private int next;
    private boolean ended;

    /** {@code chunks} answers chunk {@code seq} of the file, or null past its end. */
    StoredFile(IntFunction<byte[]> chunks) {
        this.chunks = chunks;
    }

    static StoredFile of(ImportRepository imports, UUID accountId, UUID fileImportId) {
        return new StoredFile(seq -> imports.chunk(accountId, fileImportId, seq).block());
    }

    @Override
    public int read() {
        if (!fill()) {
            return -1;
        }
        return current[position++] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        if (length == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int read = Math.min(length, current.length - position);
        System.arraycopy(current, position, buffer, offset, read);
        position += read;
        return read;
    }

    private boolean fill() {
        while (position >= current.length) {
            if (ended) {
                return false;
            }
            byte[] chunk = chunks.apply(next++);
            if (chunk == null) {
                ended = true;
                return false;
            }
            current = chunk;
            position = 0;
        }
        return true;
    }
}
