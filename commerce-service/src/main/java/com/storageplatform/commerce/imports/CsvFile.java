package com.storageplatform.commerce.imports;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A stored file read as CSV, a record at a time (never the whole file in memory): UTF-8 with or without a byte
 * order mark, CRLF or LF, quoted fields holding commas, quotes and line breaks. The first record that is not blank
 * is the header; blank records (every field empty) are skipped. Each record is numbered by the file's line it
 * starts on (the header's line is 1 when it is the first), which a quoted line break or a blank line moves on.
 * Bytes that are not UTF-8 make the file unreadable ({@link Unreadable}).
 */
final class CsvFile implements Closeable, Iterable<CsvFile.Row> {

    /** One record: the line it starts on and its fields as written (not trimmed). */
    record Row(long line, List<String> cells) {
        String cell(int index) {
            return index < cells.size() ? cells.get(index) : null;
        }
    }

    /** The file is not UTF-8 text, or its quoting never ends. */
    static final class Unreadable extends RuntimeException {
        Unreadable(String message) {
            super(message);
        }
    }

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setIgnoreEmptyLines(false).get();

    private final LineCountingReader reader;
    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private final Row header;

    private CsvFile(InputStream in) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        this.reader = new LineCountingReader(new InputStreamReader(in, decoder));
        try {
            this.parser = CSVParser.builder().setReader(reader).setFormat(FORMAT).get();
        } catch (IOException e) {
            throw unreadable(e);
        }
        this.records = parser.iterator();
        this.header = next();
    }

    static CsvFile open(InputStream in) {
        return new CsvFile(in);
    }

    /** The header record; null for a file with no record at all. */
    Row header() {
        return header;
    }

    @Override
    public Iterator<Row> iterator() {
        return new Iterator<>() {
            private Row next = CsvFile.this.next();

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Row next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                Row row = next;
                next = CsvFile.this.next();
                return row;
            }
        };
    }

    private Row next() {
        try {
            while (records.hasNext()) {
                CSVRecord record = records.next();
                List<String> cells = record.toList();
                if (cells.stream().allMatch(String::isBlank)) {
                    continue;
                }
                if (header == null && !cells.isEmpty() && cells.get(0).startsWith("\uFEFF")) {
                    cells = new java.util.ArrayList<>(cells);
                    cells.set(0, cells.get(0).substring(1));
                }
                return new Row(reader.lineAt(record.getCharacterPosition()), List.copyOf(cells));
            }
            return null;
        } catch (UncheckedIOException e) {
            throw unreadable(e.getCause());
        } catch (IllegalStateException e) {
            // Commons CSV's word for a quoted field that never ends.
            throw new Unreadable("The file could not be read as CSV: " + e.getMessage());
        }
    }

    private static Unreadable unreadable(IOException e) {
        return e instanceof java.nio.charset.CharacterCodingException
                ? new Unreadable("The file is not UTF-8 text.")
                : new Unreadable("The file could not be read as CSV: " + e.getMessage());
    }

    @Override
    public void close() {
        try {
            parser.close();
        } catch (IOException ignored) {
            // Reading is over; the chunks are in the database.
        }
    }

    /**
     * Remembers where each line break it has read is (by character), so the line a record starts on is known from
     * the record's character position although the parser reads ahead. Positions already passed are forgotten.
     */
    private static final class LineCountingReader extends Reader {

        private final Reader in;
        private final ArrayDeque<Long> breaks = new ArrayDeque<>();
        private long position;
        private long linesBefore;

        LineCountingReader(Reader in) {
            this.in = in;
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            int read = in.read(buffer, offset, length);
            for (int i = 0; i < read; i++) {
                if (buffer[offset + i] == '\n') {
                    breaks.add(position + i);
                }
            }
            position += Math.max(read, 0);
            return read;
        }

        /** The line (from 1) of the character at {@code at}; called with positions that only grow. */
        long lineAt(long at) {
            while (!breaks.isEmpty() && breaks.peek() < at) {
                breaks.poll();
                linesBefore++;
            }
            return linesBefore + 1;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
