package com.storageplatform.kit.testsupport;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tables a compiled class names in its SQL. It reads the string constants of the class file (text blocks,
 * constants folded into them, and the fixed parts of a concatenation), so it sees every statement the class can
 * send, however the text is put together; a table name chosen at run time it cannot see. Our SQL writes its
 * keywords in capitals and its tables in lower case, which keeps prose ("from the site") out.
 */
final class SqlTables {

    private static final String TABLE = "([a-z_][a-z0-9_]*)";
    private static final List<Pattern> WRITES = List.of(
            Pattern.compile("\\bINSERT\\s+INTO\\s+" + TABLE),
            Pattern.compile("\\bUPDATE\\s+" + TABLE + "(?:\\s+[a-z_][a-z0-9_]*)?\\s+SET\\b"),
            Pattern.compile("\\bDELETE\\s+FROM\\s+" + TABLE));
    private static final Pattern NAMES = Pattern.compile("\\b(?:FROM|JOIN|INTO|UPDATE)\\s+" + TABLE);

    /** The tables a class's statements insert into, update or delete from. */
    final Set<String> written = new LinkedHashSet<>();
    /** Every table its statements name, written ones included. */
    final Set<String> named = new LinkedHashSet<>();

    private SqlTables() {
    }

    static SqlTables of(URI classFile) {
        SqlTables tables = new SqlTables();
        for (String text : stringConstants(classFile)) {
            for (Pattern write : WRITES) {
                Matcher m = write.matcher(text);
                while (m.find()) {
                    tables.written.add(m.group(1));
                }
            }
            Matcher m = NAMES.matcher(text);
            while (m.find()) {
                tables.named.add(m.group(1));
            }
        }
        return tables;
    }

    /** The {@code CONSTANT_String} entries of a class file's constant pool (JVMS 4.4). */
    static List<String> stringConstants(URI classFile) {
        byte[] bytes;
        try (InputStream in = classFile.toURL().openStream()) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + classFile, e);
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            in.readInt();                       // magic
            in.readUnsignedShort();             // minor version
            in.readUnsignedShort();             // major version
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            List<Integer> strings = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();                       // Utf8 (modified UTF-8, as readUTF reads)
                    case 8 -> strings.add(in.readUnsignedShort());          // String
                    case 7, 16, 19, 20 -> in.skipBytes(2);                  // Class, MethodType, Module, Package
                    case 15 -> in.skipBytes(3);                             // MethodHandle
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);    // Integer, Float, refs, dynamic
                    case 5, 6 -> {                                          // Long, Double take two entries
                        in.skipBytes(8);
                        i++;
                    }
                    default -> throw new IllegalStateException("Unknown constant tag " + tag + " in " + classFile);
                }
            }
            return strings.stream().map(index -> utf8[index]).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot parse " + classFile, e);
        }
    }
}
