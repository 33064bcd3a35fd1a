package com.storageplatform.crm.message;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.internal.Customers;
import com.storageplatform.crm.message.MessageRules.Block;
import com.storageplatform.crm.message.MessageRules.NoAddress;
import com.storageplatform.crm.message.MessageRules.Send;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import org.junit.jupiter.api.Test;

/** The pure rules of a message: the body's fields, the verdict on a contact, reserved domains. */
class MessageRulesTest {

    static Customers.Contact contact(String email, String phone, String marketing) {
        return new Customers.Contact(Ids.newId(), "Ada", "Lovelace", email, phone, marketing);
    }

    static String issues(CreateMessage body) {
        Validation v = Validation.start();
        MessageRules.check(v, body);
        return String.join(", ", v.issues().stream().map(i -> i.field() + " " + i.issue()).toList());
    }

    @Test
    void theMinimumBodyIsContactChannelKindAndBody() {
        assertThat(issues(new CreateMessage(null, null, null, null, null)))
                .isEqualTo("contact_id required, channel required, kind required, body required");
        assertThat(issues(new CreateMessage("nope", "fax", "spam", null, "  ")))
                .isEqualTo("contact_id invalid, channel invalid, kind invalid, body required");
    }

    @Test
    void anEmailNeedsASubjectOnOneLineAndAnSmsTakesNone() {
        String id = Ids.newId().toString();
        assertThat(issues(new CreateMessage(id, "email", "transactional", " ", "Hi"))).isEqualTo("subject required");
        assertThat(issues(new CreateMessage(id, "email", "transactional", "Hi\r\nBcc: x@y.uk", "Hi")))
                .isEqualTo("subject invalid");
        assertThat(issues(new CreateMessage(id, "email", "transactional", "x".repeat(201), "Hi")))
                .isEqualTo("subject too_long");
        assertThat(issues(new CreateMessage(id, "sms", "transactional", "Hi", "Hi"))).isEqualTo("subject not_allowed");
        assertThat(issues(new CreateMessage(id, "sms", "transactional", null, "Hi"))).isEmpty();
    }

    @Test
    void theBodyIsPrintableWithLineBreaksAndBoundedByChannel() {
        String id = Ids.newId().toString();
        assertThat(issues(new CreateMessage(id, "sms", "marketing", null, "x".repeat(1600)))).isEmpty();
        assertThat(issues(new CreateMessage(id, "sms", "marketing", null, "x".repeat(1601))))
                .isEqualTo("body too_long");
        assertThat(issues(new CreateMessage(id, "email", "marketing", "S", "x".repeat(20_000)))).isEmpty();
        assertThat(issues(new CreateMessage(id, "email", "marketing", "S", "x".repeat(20_001))))
                .isEqualTo("body too_long");
        assertThat(issues(new CreateMessage(id, "email", "marketing", "S", "Line one\nLine two"))).isEmpty();
        assertThat(issues(new CreateMessage(id, "email", "marketing", "S", "Bell\u0007"))).isEqualTo("body invalid");
    }

    @Test
    void theBodyAndSubjectAreTrimmed() {
        Validation v = Validation.start();
        MessageRules.Terms t = MessageRules.check(v, new CreateMessage(Ids.newId().toString(), "email",
                "transactional", "  Hello  ", "\n Body \n"));
        assertThat(t.subject()).isEqualTo("Hello");
        assertThat(t.body()).isEqualTo("Body");
    }

    @Test
    void marketingToAContactWhoSaidNoIsRefusedWhateverTheChannel() {
        Customers.Contact no = contact("ada@acme.co.uk", "+447700900000", "no");
        assertThat(MessageRules.judge("email", "marketing", no)).isEqualTo(new Block("marketing_refused",
                "ada@acme.co.uk"));
        assertThat(MessageRules.judge("sms", "marketing", no)).isEqualTo(new Block("marketing_refused",
                "+447700900000"));
        assertThat(MessageRules.judge("email", "transactional", no)).isEqualTo(new Send("ada@acme.co.uk"));
        assertThat(MessageRules.judge("email", "marketing", contact("ada@acme.co.uk", null, "not_asked")))
                .isEqualTo(new Send("ada@acme.co.uk"));
        assertThat(MessageRules.judge("sms", "marketing", contact(null, null, "no")))
                .isEqualTo(new Block("marketing_refused", null));
    }

    @Test
    void anEmailToAReservedDomainIsBlocked() {
        assertThat(MessageRules.judge("email", "transactional", contact("ada@example.com", null, "yes")))
                .isEqualTo(new Block("address_reserved", "ada@example.com"));
        assertThat(MessageRules.judge("sms", "transactional", contact("ada@example.com", "+447700900000", "yes")))
                .isEqualTo(new Send("+447700900000"));
    }

    @Test
    void aContactWithoutTheChannelsAddressHasNone() {
        assertThat(MessageRules.judge("email", "transactional", contact(null, "+447700900000", "yes")))
                .isInstanceOf(NoAddress.class);
        assertThat(MessageRules.judge("sms", "transactional", contact("ada@acme.co.uk", null, "yes")))
                .isInstanceOf(NoAddress.class);
    }

    @Test
    void reservedDomainsAreRfc2606And6761s() {
        for (String reserved : new String[] {"a@example.com", "a@EXAMPLE.NET", "a@mail.example.org",
                "a@example.org.", "a@shop.test", "a@anything.example", "a@nowhere.invalid", "a@localhost",
                "a@my.localhost"}) {
            assertThat(MessageRules.reservedDomain(reserved)).as(reserved).isTrue();
        }
        for (String real : new String[] {"a@acme.co.uk", "a@example.co.uk", "a@notexample.com", "a@testing.com",
                "a@example.com.au", "a@invalid.org"}) {
            assertThat(MessageRules.reservedDomain(real)).as(real).isFalse();
        }
    }
}
