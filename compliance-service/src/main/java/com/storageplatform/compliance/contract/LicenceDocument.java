package com.storageplatform.compliance.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.GregorianCalendar;
import java.util.HexFormat;
import java.util.List;
import org.apache.fontbox.ttf.CmapLookup;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * Writes a filled licence template as an A4 PDF with Apache PDFBox: the title, then the paragraphs wrapped to the
 * page, a footer naming the contract and the page on every page. The text is set in Liberation Sans, which PDFBox
 * ships and which is embedded (subset) in the document, so any reader shows the same letters: Latin, Greek and
 * Cyrillic scripts. Text the font cannot show is found first ({@link #undrawable}) and refused by the callers,
 * never dropped or replaced in a document someone signs.
 */
final class LicenceDocument {

    /** PDFBox's own copy of Liberation Sans (SIL Open Font License), inside the pdfbox jar. */
    private static final String FONT_RESOURCE = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";
    private static final byte[] FONT = font();

    private static final float MARGIN = 56;
    private static final float TITLE_SIZE = 16;
    private static final float TITLE_LEADING = 22;
    private static final float TEXT_SIZE = 11;
    private static final float TEXT_LEADING = 15;
    private static final float PARAGRAPH_GAP = 8;
    private static final float FOOTER_SIZE = 8;

    private LicenceDocument() {
    }

    /** A written document, with its SHA-256 in lowercase hex. */
    record Pdf(byte[] bytes, String sha256) {
    }

    private record Line(String text, float size, float y) {
    }

    /**
     * The document of {@code filled} (a template with its placeholders filled), with {@code footer} and the page
     * number at the foot of each page, dated {@code createdAt} in its properties.
     */
    static Pdf write(LicenceTemplate filled, String footer, Instant createdAt) {
        try (PDDocument document = new PDDocument(); InputStream font = new java.io.ByteArrayInputStream(FONT)) {
            PDType0Font text = PDType0Font.load(document, font);
            List<List<Line>> pages = layout(text, filled);
            for (int i = 0; i < pages.size(); i++) {
                PDPage page = new PDPage(PDRectangle.A4);
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    for (Line line : pages.get(i)) {
                        show(content, text, line.size(), MARGIN, line.y(), line.text());
                    }
                    show(content, text, FOOTER_SIZE, MARGIN, MARGIN / 2,
                            footer + " - page " + (i + 1) + " of " + pages.size());
                }
            }
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle(filled.title());
            info.setCreator("Storage operator platform");
            GregorianCalendar created = GregorianCalendar.from(createdAt.atZone(ZoneOffset.UTC));
            info.setCreationDate(created);
            info.setModificationDate(created);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            byte[] bytes = out.toByteArray();
            return new Pdf(bytes, sha256(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write a licence document", e);
        }
    }

    private static void show(PDPageContentStream content, PDType0Font font, float size, float x, float y,
            String text) throws IOException {
        content.beginText();
        content.setFont(font, size);
        content.newLineAtOffset(x, y);
        content.showText(text);
        content.endText();
    }

    /** The lines of each page, placed from the top: the title, then each paragraph, breaking pages as they fill. */
    private static List<List<Line>> layout(PDType0Font font, LicenceTemplate filled) throws IOException {
        float width = PDRectangle.A4.getWidth() - 2 * MARGIN;
        float top = PDRectangle.A4.getHeight() - MARGIN;
        float bottom = MARGIN + TEXT_LEADING;
        List<List<Line>> pages = new ArrayList<>();
        List<Line> page = new ArrayList<>();
        pages.add(page);
        float y = top;
        List<List<String>> blocks = new ArrayList<>();
        blocks.add(wrap(font, TITLE_SIZE, filled.title(), width));
        for (String paragraph : filled.paragraphs()) {
            blocks.add(wrap(font, TEXT_SIZE, paragraph, width));
        }
        for (int b = 0; b < blocks.size(); b++) {
            float size = b == 0 ? TITLE_SIZE : TEXT_SIZE;
            float leading = b == 0 ? TITLE_LEADING : TEXT_LEADING;
            for (String line : blocks.get(b)) {
                if (y - leading < bottom && !page.isEmpty()) {
                    page = new ArrayList<>();
                    pages.add(page);
                    y = top;
                }
                y -= leading;
                page.add(new Line(line, size, y));
            }
            y -= b == 0 ? 2 * PARAGRAPH_GAP : PARAGRAPH_GAP;
        }
        return pages;
    }

    /** A paragraph's lines: its own line breaks kept, each line wrapped at spaces (a word too long, anywhere). */
    static List<String> wrap(PDType0Font font, float size, String paragraph, float width) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String given : paragraph.split("\n", -1)) {
            StringBuilder line = new StringBuilder();
            for (String word : given.replace('\t', ' ').strip().split(" +")) {
                String candidate = line.length() == 0 ? word : line + " " + word;
                if (width(font, size, candidate) <= width) {
                    line.setLength(0);
                    line.append(candidate);
                    continue;
                }
                if (line.length() > 0) {
                    lines.add(line.toString());
                    line.setLength(0);
                }
                String rest = word;
                while (width(font, size, rest) > width) {
                    int fits = fitting(font, size, rest, width);
                    lines.add(rest.substring(0, fits));
                    rest = rest.substring(fits);
                }
                line.append(rest);
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /** How many chars of {@code text} (at least one code point) fit in {@code width}. */
    private static int fitting(PDType0Font font, float size, String text, float width) throws IOException {
        int end = text.offsetByCodePoints(0, 1);
        while (end < text.length()) {
            int next = text.offsetByCodePoints(end, 1);
            if (width(font, size, text.substring(0, next)) > width) {
                break;
            }
            end = next;
        }
        return end;
    }

    private static float width(PDType0Font font, float size, String text) throws IOException {
        return font.getStringWidth(text) / 1000 * size;
    }

    /**
     * The characters of {@code text} the document's font cannot show, each once as {@code U+XXXX}, in order of
     * appearance; line breaks and tabs are layout, not characters to show.
     */
    static List<String> undrawable(String text) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        try (TrueTypeFont font = new TTFParser().parse(new RandomAccessReadBuffer(FONT))) {
            CmapLookup characters = font.getUnicodeCmapLookup();
            List<String> missing = new ArrayList<>();
            text.codePoints()
                    .filter(c -> c != '\n' && c != '\r' && c != '\t' && characters.getGlyphId(c) == 0)
                    .mapToObj(c -> String.format("U+%04X", c))
                    .forEach(c -> {
                        if (!missing.contains(c)) {
                            missing.add(c);
                        }
                    });
            return missing;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the licence document's font", e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }

    private static byte[] font() {
        try (InputStream in = LicenceDocument.class.getResourceAsStream(FONT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("PDFBox's " + FONT_RESOURCE + " is not on the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
