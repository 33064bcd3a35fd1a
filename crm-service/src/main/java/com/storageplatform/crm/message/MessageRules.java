package com.storageplatform.crm.message;

import com.storageplatform.crm.internal.Customers;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The pure rules of a message: the body's fields (every bad one in one 422), and what a message to a contact comes
 * to, judged when it is made and again when its turn comes to be handed over (the contact may have changed
 * meanwhile): blocked with the spec's reason, impossible for want of an address, or sent to an address.
 */
final class MessageRules {

    static final int MAX_SUBJECT = 200;
    static final int MAX_EMAIL_BODY = 20_000;
    /** Twilio's limit: ten concatenated segments. */
    static final int MAX_SMS_BODY = 1_600;

    /** The second-level domains RFC 2606 reserves: no mailbox can exist at them or below them. */
    static final List<String> RESERVED_DOMAINS = List.of("example.com", "example.net", "example.org");
    /** The top-level domains RFC 2606 and RFC 6761 reserve. */
    static final List<String> RESERVED_TLDS = List.of("test", "example", "invalid", "localhost");

    private MessageRules() {
    }

    /** The create body's fields, checked; null where absent or refused. */
    record Terms(UUID contactId, String channel, String kind, String subject, String body) {
    }

    static Terms check(Validation v, CreateMessage b) {
        UUID contactId = v.requiredId("contact_id", b.contactId());
        v.require("channel", b.channel()).oneOf("channel", b.channel(), Message.CHANNELS);
        v.require("kind", b.kind()).oneOf("kind", b.kind(), Message.KINDS);
        String body = trimmed(b.body());
        v.require("body", body).printable("body", body, true)
                .maxLength("body", body, Message.SMS.equals(b.channel()) ? MAX_SMS_BODY : MAX_EMAIL_BODY);
        String subject = trimmed(b.subject());
        if (Message.SMS.equals(b.channel())) {
            v.check(b.subject() != null, "subject", FieldIssue.NOT_ALLOWED);
        } else if (Message.EMAIL.equals(b.channel())) {
            // One line only: a line break in a subject would be a header of its own.
            v.require("subject", subject).maxLength("subject", subject, MAX_SUBJECT).printable("subject", subject,
                    false);
        }
        return new Terms(contactId, b.channel(), b.kind(), subject, body);
    }

    private static String trimmed(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    /** What a message to a contact comes to. */
    sealed interface Verdict {

        /** The address or number the message goes to, or null when the contact has none. */
        String to();
    }

    /** Handed to the provider, to this address. */
    record Send(String to) implements Verdict {
    }

    /** Never handed to a provider, for one of the spec's reasons. */
    record Block(String reason, String to) implements Verdict {
    }

    /** The contact has no address of the channel: 422 on the API, {@code failed} when its turn comes. */
    record NoAddress() implements Verdict {

        @Override
        public String to() {
            return null;
        }
    }

    /**
     * A marketing message to a contact who answered {@code no} is {@code marketing_refused} whatever the address; an
     * email to an address at a reserved domain is {@code address_reserved}; a contact without an email address (or a
     * phone number, for an SMS) has no address.
     */
    static Verdict judge(String channel, String kind, Customers.Contact contact) {
        String to = Message.EMAIL.equals(channel) ? contact.email() : contact.phone();
        if (Message.MARKETING.equals(kind) && "no".equals(contact.marketingStatus())) {
            return new Block(Message.MARKETING_REFUSED, to);
        }
        if (to == null) {
            return new NoAddress();
        }
        if (Message.EMAIL.equals(channel) && reservedDomain(to)) {
            return new Block(Message.ADDRESS_RESERVED, to);
        }
        return new Send(to);
    }

    /**
     * Whether the address is at a domain where no mailbox can exist: {@code example.com}, {@code example.net},
     * {@code example.org} and their subdomains, and any name under {@code .test}, {@code .example}, {@code .invalid}
     * or {@code .localhost} (RFC 2606, RFC 6761). Case and a trailing dot do not matter.
     */
    static boolean reservedDomain(String email) {
        String domain = email.substring(email.lastIndexOf('@') + 1).strip().toLowerCase(Locale.ROOT);
        while (domain.endsWith(".")) {
            domain = domain.substring(0, domain.length() - 1);
        }
        for (String reserved : RESERVED_DOMAINS) {
            if (domain.equals(reserved) || domain.endsWith("." + reserved)) {
                return true;
            }
        }
        String tld = domain.substring(domain.lastIndexOf('.') + 1);
        return RESERVED_TLDS.contains(tld);
    }

    /** What a member of staff reads: links that act as the customer hidden. */
    static Message forStaff(Message message) {
        return message.withText(HiddenLinks.hide(message.subject()), HiddenLinks.hide(message.body()));
    }
}
