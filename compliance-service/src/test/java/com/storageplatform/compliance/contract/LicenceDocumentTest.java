package com.storageplatform.compliance.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

/** The PDF of a filled licence, read back with PDFBox. */
class LicenceDocumentTest {

    @Test
    void theDocumentHoldsTheTitleAndEveryParagraphWrappedToThePage() throws IOException {
        String longParagraph = "word ".repeat(400).strip();
        LicenceTemplate filled = new LicenceTemplate("Licence to store goods", "Licensee: Zoë Ångström-Łukasz"
                + "\n\nΑθήνα Київ " + "x".repeat(300) + "\n\n" + longParagraph);
        Instant made = Instant.parse("2026-11-27T10:00:00Z");
        LicenceDocument.Pdf pdf = LicenceDocument.write(filled, "Contract 42", made);
        assertThat(pdf.sha256()).isEqualTo(LicenceDocument.sha256(pdf.bytes())).hasSize(64);
        try (PDDocument document = Loader.loadPDF(pdf.bytes())) {
            assertThat(document.getNumberOfPages()).isEqualTo(1);
            assertThat(document.getDocumentInformation().getTitle()).isEqualTo("Licence to store goods");
            assertThat(document.getDocumentInformation().getCreationDate().getTimeInMillis())
                    .isEqualTo(made.toEpochMilli());
            String text = new PDFTextStripper().getText(document);
            assertThat(text).contains("Licence to store goods", "Licensee: Zoë Ångström-Łukasz", "Αθήνα Київ",
                    "Contract 42 - page 1 of 1");
            // Wrapped, never cut: every word and every letter of the long word is there.
            assertThat(text.replaceAll("\\s+", "")).contains("x".repeat(300), "word".repeat(400));
            assertThat(text.lines().mapToInt(String::length).max().orElse(0)).isLessThan(120);
        }
    }

    @Test
    void aLongDocumentRunsOnToMorePagesEachNumbered() throws IOException {
        String body = String.join("\n\n", java.util.Collections.nCopies(60,
                "The Licensee keeps to the site's rules on access at every visit."));
        LicenceDocument.Pdf pdf = LicenceDocument.write(new LicenceTemplate("Licence", body), "Contract 7",
                Instant.now());
        try (PDDocument document = Loader.loadPDF(pdf.bytes())) {
            int pages = document.getNumberOfPages();
            assertThat(pages).isGreaterThan(1);
            String text = new PDFTextStripper().getText(document);
            assertThat(text).contains("Contract 7 - page 1 of " + pages, "Contract 7 - page " + pages + " of "
                    + pages);
            assertThat(text.split("site's rules on access", -1)).hasSize(61);
        }
    }

    @Test
    void textTheFontCannotShowIsFoundCharacterByCharacter() {
        assertThat(LicenceDocument.undrawable("Zoë Ångström Łukasz Αθήνα Київ £€ \t\n")).isEmpty();
        assertThat(LicenceDocument.undrawable("中文 Ada 中 \uD83D\uDE00")).containsExactly("U+4E2D", "U+6587",
                "U+1F600");
        assertThat(LicenceDocument.undrawable(null)).isEmpty();
    }
}
