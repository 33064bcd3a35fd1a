package com.storageplatform.crm.message;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which links let the reader act as the customer, and what a member of staff reads in their place. */
class HiddenLinksTest {

    @Test
    void aLinkCarryingACredentialIsHidden() {
        assertThat(HiddenLinks.hide("Sign in: https://acme.co.uk/login?token=abc123 today."))
                .isEqualTo("Sign in: [hidden link] today.");
        assertThat(HiddenLinks.hide("Reset (https://acme.co.uk/reset?user=4&reset_token=x).")).isEqualTo(
                "Reset ([hidden link]).");
        for (String link : new String[] {"https://a.uk/p?access_token=1", "https://a.uk/p?magicToken=1",
                "https://a.uk/p?MAGIC=1", "https://a.uk/p?magic_link=1", "https://a.uk/p?otp=1", "https://a.uk/p?sig=1",
                "https://a.uk/p?signature=1", "https://a.uk/p?key=1", "https://a.uk/p?auth=1", "https://a.uk/p?jwt=1",
                "https://a.uk/p?session=1", "https://a.uk/p?code=1", "http://a.uk/cb#access_token=1&x=2",
                "https://a.uk/p?a=1;token=2"}) {
            assertThat(HiddenLinks.hide(link)).as(link).isEqualTo(HiddenLinks.PLACEHOLDER);
        }
    }

    @Test
    void otherLinksAndTextStay() {
        String text = "Your unit: https://acme.co.uk/sites/harbour?utm_source=email and https://acme.co.uk/faq#tokens."
                + " The word token=abc outside a link stays.";
        assertThat(HiddenLinks.hide(text)).isEqualTo(text);
        assertThat(HiddenLinks.hide(null)).isNull();
    }

    @Test
    void staffReadTheSubjectAndBodyWithLinksHidden() {
        Message stored = new Message(null, "message", null, "email", "transactional", null,
                "Open https://a.uk/x?token=1", "Pay at https://pay.acme.co.uk/i/42?token=zz9", "ada@acme.co.uk",
                "queued", null, null, null, null, null, null, null, null, null, null, null);
        Message staff = MessageRules.forStaff(stored);
        assertThat(staff.subject()).isEqualTo("Open [hidden link]");
        assertThat(staff.body()).isEqualTo("Pay at [hidden link]");
        assertThat(staff.to()).isEqualTo("ada@acme.co.uk");
    }
}
