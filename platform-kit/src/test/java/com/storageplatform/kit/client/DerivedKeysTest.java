package com.storageplatform.kit.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.request.MutationFilter;
import org.junit.jupiter.api.Test;

class DerivedKeysTest {

    @Test
    void theKeyIsHmacSha256OfServicePeerAndPurposeKeyedWithTheOriginalKey() {
        // Known answer, computed independently: HMAC-SHA256("order-123", "commerce\nbilling\npay-order"), base64url.
        assertThat(DerivedKeys.derive("order-123", "commerce", "billing", "pay-order"))
                .isEqualTo("drv1_WaJCUXFy3_e3Om3Z-97iabx0yMxXpJfH5kTZ8eflh-I");
    }

    @Test
    void theSameRequestAlwaysSendsTheSameKeyAndEachPurposeItsOwn() {
        String key = DerivedKeys.derive("order-123", "commerce", "billing", "pay-order");
        assertThat(DerivedKeys.derive("order-123", "commerce", "billing", "pay-order")).isEqualTo(key);
        assertThat(DerivedKeys.derive("order-123", "commerce", "billing", "refund-deposit")).isNotEqualTo(key);
        assertThat(DerivedKeys.derive("order-123", "commerce", "crm", "pay-order")).isNotEqualTo(key);
        assertThat(DerivedKeys.derive("order-123", "crm", "billing", "pay-order")).isNotEqualTo(key);
        assertThat(DerivedKeys.derive("order-124", "commerce", "billing", "pay-order")).isNotEqualTo(key);
    }

    @Test
    void aDerivedKeyRevealsNothingOfTheOriginalAndFitsThePeersLimit() {
        String original = "x".repeat(MutationFilter.MAX_KEY_LENGTH);
        String derived = DerivedKeys.derive(original, "commerce", "billing", "pay-order");
        assertThat(derived).doesNotContain("xxxx").hasSizeLessThan(MutationFilter.MAX_KEY_LENGTH);
    }
}
