package com.storageplatform.billing.accounting;

import com.google.api.client.auth.oauth2.RefreshTokenRequest;
import com.google.api.client.auth.oauth2.TokenResponse;
import com.google.api.client.http.BasicAuthentication;
import com.google.api.client.http.GenericUrl;
import com.google.api.client.http.HttpRequestInitializer;
import com.google.api.client.http.javanet.NetHttpTransport;
import com.google.api.client.json.gson.GsonFactory;
import com.storageplatform.kit.resilience.DependencyOutage;
import com.storageplatform.kit.resilience.ProviderCalls;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.web.ApiException;
import com.xero.api.ApiClient;
import com.xero.api.client.AccountingApi;
import com.xero.models.accounting.Account;
import com.xero.models.accounting.Contact;
import com.xero.models.accounting.CreditNote;
import com.xero.models.accounting.CreditNotes;
import com.xero.models.accounting.CurrencyCode;
import com.xero.models.accounting.Invoice;
import com.xero.models.accounting.Invoices;
import com.xero.models.accounting.LineAmountTypes;
import com.xero.models.accounting.LineItem;
import com.xero.models.accounting.Payment;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.threeten.bp.LocalDate;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The live adapter on Xero's own Java client (xero-java), for an account whose accounting connection is
 * {@code xero} (settings {@code tenant_id}; credentials {@code client_id}, {@code client_secret},
 * {@code refresh_token}). Each push first trades the connection's refresh token for an access token at Xero's
 * token endpoint, then books through the Accounting API with an {@code Idempotency-Key} derived from the row
 * ({@code acs-<subject id>-<action>}), so a push sent again after a lost answer is not booked twice:
 * <ul>
 *   <li>an invoice issued: an {@code ACCREC} invoice, {@code AUTHORISED}, its lines VAT-inclusive with the UK tax
 *       type of their VAT treatment, its {@code Reference} the platform's invoice id, the customer a Xero contact
 *       whose {@code ContactNumber} is the platform's contact id;</li>
 *   <li>a void: the booked invoice set {@code VOIDED} (Xero refuses one with payments applied);</li>
 *   <li>a credit note: an {@code ACCRECCREDIT} credit note, {@code AUTHORISED}, of its amount;</li>
 *   <li>a payment: a payment on the booked invoice into the bank account of {@link XeroSettings};</li>
 *   <li>a refund: a credit note of its amount and a payment out of the bank account on it (Xero's cash refund).</li>
 * </ul>
 * Every call runs through the kit's {@link ProviderCalls} under the peer {@code xero}.
 *
 * <p>Xero hands back a new refresh token with each access token and accepts the one traded for 30 minutes more
 * only. The new one is stored on the connection in crm ({@link CredentialKeeper}) before the access token is used,
 * and traded at the next push. When it cannot be stored the push fails as an outage, booking nothing, and is pushed
 * again later: crm still holds the token just traded, which Xero accepts again within its 30 minutes (and rotates
 * again), whereas booking with the access token and dropping the new refresh token would lose the connection's grant
 * silently half an hour later. A push whose rotation reached crm but whose answer was lost reads the new token at
 * its next attempt. Which of two pushes of one account at once stores last is crm's row lock's to decide (the last
 * write wins); see docs/api/accounting.md, "Live accounts".
 */
final class XeroLedger implements AccountingLedger {

    static final String PROVIDER = "xero";
    private static final Map<String, String> TAX_TYPES = Map.of("standard_20", "OUTPUT2", "reduced_5", "RROUTPUT",
            "zero", "ZERORATEDOUTPUT", "exempt", "EXEMPTOUTPUT", "outside_scope", "NONE");

    private final Connection connection;
    private final CredentialKeeper keeper;
    private final XeroSettings settings;
    private final ProviderCalls calls;
    private final int timeoutMillis;

    /** The refresh token to trade next: the connection's, then each one Xero rotated it to, once stored. */
    private volatile String refreshToken;

    XeroLedger(Connection connection, CredentialKeeper keeper, XeroSettings settings, Resilience resilience) {
        this.connection = connection;
        this.keeper = keeper;
        this.refreshToken = connection.credential("refresh_token");
        this.settings = settings;
        this.calls = new ProviderCalls(resilience, PROVIDER, "Xero", XeroErrors::translate);
        this.timeoutMillis = (int) ProviderCalls.attemptTimeout(resilience, PROVIDER).toMillis();
    }

    @Override
    public String provider() {
        return PROVIDER;
    }

    @Override
    public String connectionId() {
        return connection.id();
    }

    @Override
    public Mono<Pushed> push(LedgerEntry entry) {
        String tenant = connection.setting("tenant_id");
        if (tenant == null || connection.credential("client_id") == null
                || connection.credential("client_secret") == null || refreshToken == null) {
            return Mono.just(new Pushed.Refused(PROVIDER, "The Xero connection lacks its tenant_id setting or one of "
                    + "its credentials (client_id, client_secret, refresh_token)."));
        }
        HttpRequestInitializer timeouts = request -> request.setConnectTimeout(timeoutMillis)
                .setReadTimeout(timeoutMillis).setNumberOfRetries(0);
        NetHttpTransport transport = new NetHttpTransport();
        // Not AccountingApi.getInstance: that keeps the first client made in the process, whatever is asked later.
        AccountingApi api = new AccountingApi(new ApiClient(settings.apiUrl(), transport, timeouts, null, null));
        String key = "acs-" + entry.subjectId() + "-" + entry.action();
        return calls.once(() -> grant(transport, timeouts))
                .flatMap(grant -> rotated(grant).thenReturn(grant.getAccessToken()))
                .flatMap(token -> book(api, new Booking(token, tenant, key), entry))
                .map(externalId -> (Pushed) new Pushed.Synced(PROVIDER, externalId));
    }

    /** The refresh token traded for an access token and the next refresh token (Xero's OAuth 2.0 refresh grant). */
    private TokenResponse grant(NetHttpTransport transport, HttpRequestInitializer timeouts) throws Exception {
        return new RefreshTokenRequest(transport, GsonFactory.getDefaultInstance(), new GenericUrl(settings.tokenUrl()),
                refreshToken)
                .setClientAuthentication(new BasicAuthentication(connection.credential("client_id"),
                        connection.credential("client_secret")))
                .setRequestInitializer(timeouts)
                .execute();
    }

    /**
     * The refresh token Xero answered, stored on the connection when it is a new one, before the access token is
     * used; failing that, an outage (the push is tried again with the token crm still holds). Never quotes a token.
     */
    private Mono<Void> rotated(TokenResponse grant) {
        String next = grant.getRefreshToken();
        if (next == null || next.isBlank() || next.equals(refreshToken)) {
            return Mono.empty();
        }
        return keeper.replace(Map.of("refresh_token", next))
                .doOnSuccess(stored -> refreshToken = next)
                .onErrorMap(failure -> new DependencyOutage("Xero rotated the connection's refresh token and crm "
                        + "could not store it (" + failure.getMessage() + "): nothing was booked; pushed again "
                        + "with the token crm holds, which Xero accepts for 30 minutes after its use"));
    }

    private record Booking(String token, String tenant, String key) {
    }

    private Mono<String> book(AccountingApi api, Booking b, LedgerEntry entry) {
        JsonNode subject = entry.subject();
        return switch (entry.subjectType() + "." + entry.action()) {
            case "invoice.issued" -> calls.keyed(() -> api.createInvoices(b.token(), b.tenant(),
                    new Invoices().addInvoicesItem(invoice(subject)), b.key(), false, null)
                    .getInvoices().get(0).getInvoiceID().toString());
            case "invoice.voided" -> calls.keyed(() -> api.updateInvoice(b.token(), b.tenant(),
                    UUID.fromString(entry.invoiceExternalId()),
                    new Invoices().addInvoicesItem(new Invoice().status(Invoice.StatusEnum.VOIDED)), b.key(), null)
                    .getInvoices().get(0).getInvoiceID().toString());
            case "credit_note.issued" -> creditNote(api, b, b.key(), entry, subject.path("reason").asString(
                    "Credit note"));
            case "payment.succeeded" -> entry.invoiceExternalId() == null
                    ? Mono.error(ApiException.conflict(
                            "Xero books a payment against an invoice; this payment is against none."))
                    : calls.keyed(() -> api.createPayment(b.token(), b.tenant(), payment(entry)
                            .invoice(new Invoice().invoiceID(UUID.fromString(entry.invoiceExternalId()))), b.key())
                            .getPayments().get(0).getPaymentID().toString());
            default -> creditNote(api, b, b.key() + ":credit_note", entry, "Refund " + entry.subjectId())
                    .flatMap(noteId -> calls.keyed(() -> api.createPayment(b.token(), b.tenant(), payment(entry)
                            .creditNote(new CreditNote().creditNoteID(UUID.fromString(noteId))), b.key() + ":payment"))
                            .thenReturn(noteId));
        };
    }

    private Mono<String> creditNote(AccountingApi api, Booking b, String key, LedgerEntry entry, String description) {
        LineItem line = new LineItem().description(description).quantity(1.0).unitAmount(major(entry.amountMinor(),
                entry.currency())).accountCode(settings.salesAccountCode()).taxType(TAX_TYPES.get("standard_20"));
        CreditNote note = new CreditNote().type(CreditNote.TypeEnum.ACCRECCREDIT)
                .status(CreditNote.StatusEnum.AUTHORISED).contact(contact(entry.subject()))
                .currencyCode(CurrencyCode.fromValue(entry.currency())).lineAmountTypes(LineAmountTypes.INCLUSIVE)
                .reference(entry.subjectId().toString()).lineItems(List.of(line));
        note.setDate(day(entry.subject().path("created_at").asString(null)));
        return calls.keyed(() -> api.createCreditNotes(b.token(), b.tenant(), new CreditNotes().addCreditNotesItem(note),
                key, false, null).getCreditNotes().get(0).getCreditNoteID().toString());
    }

    private Invoice invoice(JsonNode subject) {
        String currency = subject.path("currency").asString();
        List<LineItem> lines = new ArrayList<>();
        for (JsonNode line : subject.path("lines")) {
            lines.add(new LineItem().description(line.path("description").asString())
                    .quantity((double) line.path("quantity").asInt())
                    .unitAmount(major(line.path("amount_minor").asLong(), currency))
                    .accountCode(settings.salesAccountCode())
                    .taxType(TAX_TYPES.getOrDefault(line.path("vat_treatment").asString(), "NONE")));
        }
        Invoice invoice = new Invoice().type(Invoice.TypeEnum.ACCREC).status(Invoice.StatusEnum.AUTHORISED)
                .contact(contact(subject)).currencyCode(CurrencyCode.fromValue(currency))
                .lineAmountTypes(LineAmountTypes.INCLUSIVE)
                .reference(subject.path("id").asString())
                .lineItems(lines);
        invoice.setDate(day(subject.path("finalized_at").asString(null)));
        String due = subject.path("due_date").asString(null);
        if (due != null) {
            invoice.setDueDate(LocalDate.parse(due));
        }
        return invoice;
    }

    private Payment payment(LedgerEntry entry) {
        JsonNode subject = entry.subject();
        String at = subject.path("charged_at").asString(subject.path("created_at").asString(null));
        Payment payment = new Payment().account(new Account().code(settings.bankAccountCode()))
                .amount(major(entry.amountMinor(), entry.currency())).reference(entry.subjectId().toString());
        payment.setDate(day(at));
        return payment;
    }

    /** Xero's contact for the platform's customer, found or made by its contact number. */
    private static Contact contact(JsonNode subject) {
        String contactId = subject.path("contact_id").asString();
        return new Contact().contactNumber(contactId).name("Customer " + contactId);
    }

    /** The client takes amounts in major units: minor units are converted exactly, only at this boundary. */
    private static Double major(long minor, String currency) {
        return BigDecimal.valueOf(minor, Currency.getInstance(currency).getDefaultFractionDigits()).doubleValue();
    }

    /** The day of {@code instant} in UTC, in the client's date type (it writes Xero's own date format). */
    private static LocalDate day(String instant) {
        Instant at = instant == null ? Instant.now() : Instant.parse(instant);
        return LocalDate.parse(at.atZone(ZoneOffset.UTC).toLocalDate().toString());
    }
}
