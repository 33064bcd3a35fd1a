package com.storageplatform.commerce.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.commerce.imports.ImportColumns.Column;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvFileTest {

    private static CsvFile open(String text) {
        return CsvFile.open(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<CsvFile.Row> rows(CsvFile file) {
        List<CsvFile.Row> rows = new ArrayList<>();
        file.forEach(rows::add);
        return rows;
    }

    @Test
    void aByteOrderMarkIsNotPartOfTheFirstHeader() {
        CsvFile file = open("\uFEFFname,city\r\nAda,London\r\n");
        assertThat(file.header().cells()).containsExactly("name", "city");
        assertThat(rows(file)).extracting(CsvFile.Row::cells).containsExactly(List.of("Ada", "London"));
    }

    @Test
    void eachRecordIsNumberedByTheLineItStartsOnPastBlankLinesAndQuotedLineBreaks() {
        CsvFile file = open("name,notes\r\n\r\nAda,\"two\r\nlines\"\r\n\r\n,\r\nAlan,\"a, b\"\n\nGrace,\"say \"\"hi\"\"\"");
        assertThat(file.header().line()).isEqualTo(1);
        List<CsvFile.Row> rows = rows(file);
        assertThat(rows).extracting(CsvFile.Row::line).containsExactly(3L, 7L, 9L);
        assertThat(rows.get(0).cells()).containsExactly("Ada", "two\r\nlines");
        assertThat(rows.get(1).cells()).containsExactly("Alan", "a, b");
        assertThat(rows.get(2).cells()).containsExactly("Grace", "say \"hi\"");
    }

    @Test
    void aFileThatIsNotUtf8IsUnreadable() {
        byte[] latin1 = {'a', ',', 'b', '\n', (byte) 0xE9, '\n'};
        assertThatThrownBy(() -> rows(CsvFile.open(new ByteArrayInputStream(latin1)))).isInstanceOf(CsvFile.Unreadable.class).hasMessageContaining("UTF-8");
    }

    @Test
    void aQuoteThatNeverEndsMakesTheFileUnreadable() {
        assertThatThrownBy(() -> rows(open("a,b\n1,\"never ends\n"))).isInstanceOf(CsvFile.Unreadable.class);
    }

    @Test
    void headersMatchInAnyCaseAndSpacingAndByAliasAndTheRestAreListed() {
        List<Column> columns = List.of(Column.required("first_name", "forename"), Column.optional("email",
                "email_address"), Column.required("last_name"));
        CsvFile.Row header = new CsvFile.Row(1, List.of(" First Name ", "E-mail Address", "Legacy ID", "FORENAME",
                ""));
        ImportColumns.Layout layout = ImportColumns.layout(columns, header);
        assertThat(layout.index()).containsEntry("first_name", 0).containsEntry("email", 1);
        assertThat(layout.header("first_name")).isEqualTo("First Name");
        assertThat(layout.unknown()).containsExactly("Legacy ID");
        assertThat(layout.problems()).extracting(ImportProblem::row, ImportProblem::column, ImportProblem::issue)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1L, "FORENAME", "duplicate"),
                        org.assertj.core.groups.Tuple.tuple(1L, "last_name", "required"));
    }

    @Test
    void aStoredFileIsReadAcrossItsChunks() throws Exception {
        byte[][] chunks = {"na".getBytes(), "me\nA".getBytes(), "da\n".getBytes()};
        StoredFile file = new StoredFile(seq -> seq < chunks.length ? chunks[seq] : null);
        assertThat(new String(file.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("name\nAda\n");
    }
}
