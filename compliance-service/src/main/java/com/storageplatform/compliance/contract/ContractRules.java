package com.storageplatform.compliance.contract;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The pure rules of a contract: the request bodies (every bad field in one 422), which agreements a contract can be
 * made for or signed against (409 otherwise), and how the agreement's terms read in the document.
 */
final class ContractRules {

    static final int MAX_SIGNER_NAME = 200;

    /** Commerce's agreement statuses a customer can still sign from (docs/api/commerce.md, Lifecycle). */
    static final List<String> UNSIGNED = List.of("quote", "draft");
    static final String TERMINATED = "terminated";

    private static final Pattern IPV4 = Pattern.compile(
            "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    /** Starting with a hex digit or a colon, as the JDK needs to read a text as an address, never as a name. */
    private static final Pattern IPV6_CHARACTERS = Pattern.compile("[0-9A-Fa-f:][0-9A-Fa-f:.]*");
    private static final DateTimeFormatter LONG_DATE = DateTimeFormatter.ofPattern("d MMMM uuuu", Locale.UK);

    private ContractRules() {
    }

    /** The agreement named by {@code POST /v1/contracts}; null when refused. */
    static UUID agreementId(Validation v, CreateContract body) {
        return v.requiredId("agreement_id", body.agreementId());
    }

    /** The signature a {@code sign} body gives: the name trimmed, the address as sent. */
    record Signature(String name, String ipAddress) {
    }

    static Signature check(Validation v, SignContract body) {
        String name = body.name() == null || body.name().isBlank() ? null : body.name().strip();
        v.require("name", name).maxLength("name", name, MAX_SIGNER_NAME).printable("name", name, false);
        String ip = body.ipAddress() == null || body.ipAddress().isBlank() ? null : body.ipAddress().strip();
        v.require("ip_address", ip).check(ip != null && !isIpAddress(ip), "ip_address", FieldIssue.INVALID);
        return new Signature(name, ip);
    }

    /**
     * An IPv4 address in dotted decimal (no leading zeros), or an IPv6 address in any of its text forms (an IPv4
     * tail included) without a zone. Never a host name: nothing is looked up.
     */
    static boolean isIpAddress(String text) {
        if (IPV4.matcher(text).matches()) {
            return true;
        }
        if (!text.contains(":") || !IPV6_CHARACTERS.matcher(text).matches()) {
            return false;
        }
        try {
            // Hex digits, colons and dots, with a colon: the JDK reads it as an IPv6 literal (an IPv4-mapped one
            // comes back as IPv4) or refuses it, and never asks a resolver.
            InetAddress.getByName(text);
            return true;
        } catch (UnknownHostException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * A contract is made for an agreement the customer has not signed: a quote or a draft. 409 for a terminated
     * one, and for one signed already (through the agreements API, or an earlier contract).
     */
    static void requireUnsigned(JsonNode agreement) {
        String status = agreement.path("status").asString("");
        if (TERMINATED.equals(status)) {
            throw ApiException.conflict("The agreement is terminated: it can have no new licence, and its licence "
                    + "can no longer be signed.");
        }
        if (!UNSIGNED.contains(status)) {
            throw ApiException.conflict("The agreement is " + status + ": its customer has signed it already. A "
                    + "contract is made and signed for a quote or draft agreement.");
        }
    }

    /** Only a contract awaiting its signature can be signed: 409 for a signed or superseded one. */
    static void requireAwaitingSignature(Contract contract) {
        if (Contract.SIGNED.equals(contract.status())) {
            throw ApiException.conflict("The contract was signed already, on " + contract.signedAt() + ".");
        }
        if (Contract.SUPERSEDED.equals(contract.status())) {
            throw ApiException.conflict("The contract was superseded by contract " + contract.supersededBy()
                    + ": sign that one.");
        }
    }

    /**
     * The terms of the agreement as it now is that differ from those the contract's document states, named as the
     * agreement's fields ({@code contact_id}, {@code unit_id}, {@code licence_fee_minor}, {@code currency},
     * {@code move_in_date}); empty when the document still states them.
     */
    static List<String> changedTerms(Contract contract, JsonNode agreement) {
        List<String> changed = new ArrayList<>();
        if (!Objects.equals(contract.contactId(), id(agreement, "contact_id"))) {
            changed.add("contact_id");
        }
        if (!Objects.equals(contract.unitId(), id(agreement, "unit_id"))) {
            changed.add("unit_id");
        }
        JsonNode fee = agreement.path("licence_fee_minor");
        if (!fee.isIntegralNumber() || fee.asLong() != contract.licenceFeeMinor()) {
            changed.add("licence_fee_minor");
        }
        if (!contract.currency().equals(agreement.path("currency").asString(""))) {
            changed.add("currency");
        }
        String moveIn = contract.moveInDate() == null ? "" : contract.moveInDate().toString();
        if (!moveIn.equals(agreement.path("move_in_date").asString(""))) {
            changed.add("move_in_date");
        }
        return changed;
    }

    /** The agreement's {@code move_in_date}; null when it has none. */
    static LocalDate moveInDate(JsonNode agreement) {
        return Dates.parseDate(agreement.path("move_in_date").asString("")).orElse(null);
    }

    static UUID id(JsonNode record, String field) {
        return Ids.parse(record.path(field).asString("")).orElse(null);
    }

    /** The fee as the document states it: the currency's code and the amount in its major unit, {@code GBP 45.00}. */
    static String licenceFee(long minor, String currency) {
        int digits = Math.max(0, Currency.getInstance(currency).getDefaultFractionDigits());
        return currency + " " + BigDecimal.valueOf(minor, digits).toPlainString();
    }

    /** A date as the document states it, {@code 1 December 2026}; "to be agreed" for none. */
    static String longDate(LocalDate date) {
        return date == null ? "to be agreed" : LONG_DATE.format(date);
    }

    /**
     * The site's address on one line, from the catalogue's {@code address} ({@code line1}, {@code line2},
     * {@code city}, {@code postcode}, {@code country}); "not recorded" when the site has none.
     */
    static String siteAddress(JsonNode site) {
        JsonNode address = site.path("address");
        List<String> parts = new ArrayList<>();
        for (String part : List.of("line1", "line2", "city", "postcode", "country")) {
            String value = address.path(part).asString("").strip();
            if (!value.isEmpty()) {
                parts.add(value);
            }
        }
        return parts.isEmpty() ? "not recorded" : String.join(", ", parts);
    }
}
