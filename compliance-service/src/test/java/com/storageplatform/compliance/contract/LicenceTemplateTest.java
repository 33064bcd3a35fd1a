package com.storageplatform.compliance.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The licence wording: placeholders, filling, paragraphs. */
class LicenceTemplateTest {

    @Test
    void theDefaultUsesOnlyItsOwnPlaceholdersAndNamesThePartiesUnitFeeAndStart() {
        assertThat(LicenceTemplate.unknownPlaceholders(LicenceTemplate.DEFAULT.title())).isEmpty();
        assertThat(LicenceTemplate.unknownPlaceholders(LicenceTemplate.DEFAULT.body())).isEmpty();
        assertThat(LicenceTemplate.DEFAULT.body()).contains("{{customer_name}}", "{{site_name}}", "{{unit_name}}",
                "{{licence_fee}}", "{{move_in_date}}", "{{site_address}}");
        assertThat(LicenceTemplate.DEFAULT.title() + LicenceTemplate.DEFAULT.body()).containsIgnoringCase("licence")
                .doesNotContainPattern("(?i)\\blease");
    }

    @Test
    void anythingWrittenAsAPlaceholderThatIsNotOneIsNamed() {
        assertThat(LicenceTemplate.unknownPlaceholders("{{ customer_name }} {{rent}} {{Unit Name}} {{rent}} {{}}"))
                .containsExactly("rent", "Unit Name", "");
        assertThat(LicenceTemplate.unknownPlaceholders("{ customer_name } {{site_name}}")).isEmpty();
        assertThat(LicenceTemplate.unknownPlaceholders(null)).isEmpty();
    }

    @Test
    void fillingReplacesEachPlaceholderWithItsValueAndAMissingOneWithNothing() {
        LicenceTemplate filled = new LicenceTemplate("Licence of {{ site_name }}", "{{customer_name}} owes "
                + "{{licence_fee}}{{unit_name}}. $1 \\\\ {{contract_id}}").fill(Map.of("site_name", "Harbour",
                "customer_name", "Ada $2", "licence_fee", "GBP 45.00"));
        assertThat(filled.title()).isEqualTo("Licence of Harbour");
        assertThat(filled.body()).isEqualTo("Ada $2 owes GBP 45.00. $1 \\\\");
    }

    @Test
    void theBodysParagraphsAreSeparatedByBlankLinesAndKeepTheirLineBreaks() {
        LicenceTemplate t = new LicenceTemplate("T", "  First line\r\nsecond line\n\n \n\nNext  \n   \n\nLast\n");
        assertThat(t.paragraphs()).containsExactly("First line\nsecond line", "Next", "Last");
    }
}
