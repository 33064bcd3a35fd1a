package com.storageplatform.compliance.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The storage agreement is always a licence, never a lease (platform-api.md, general convention 7). */
class LicenceNotLeaseTest {

    private static final String LEASE = "(?i)\\blease";

    @Test
    void theDefaultDocumentFilledSaysLicenceAndNeverLease() {
        LicenceTemplate filled = LicenceTemplate.DEFAULT.fill(Map.of("customer_name", "Ada Lovelace",
                "site_name", "Harbour Road", "unit_name", "A12", "licence_fee", "GBP 45.00"));
        String text = ContractFixture.text(LicenceDocument.write(filled, "Contract 1",
                java.time.Instant.now()).bytes());
        assertThat(text).containsIgnoringCase("licence").doesNotContainPattern(LEASE);
    }

    @Test
    void theComplianceDocsSayLicenceAndNeverLease() throws IOException {
        String docs = Files.readString(Path.of("..", "docs", "api", "compliance.md"));
        assertThat(docs).containsIgnoringCase("licence").doesNotContainPattern(LEASE);
    }
}
