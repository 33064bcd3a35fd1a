package com.storageplatform.compliance.contract;

import com.storageplatform.compliance.internal.AccountSettings;
import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.compliance.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.money.Currencies;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;

/**
 * Contracts of the caller's account: the transaction of each request. Making one reads the agreement, its site,
 * unit and customer from compliance's projections of commerce's and the catalogue's events, fills the account's
 * licence template with them and writes the PDF; signing judges the agreement as it now is before recording the
 * signature and publishing {@code contract.signed}.
 */
@Service
class ContractService {

    private final ContractRepository contracts;
    private final ContractTemplates templates;
    private final ContractEvents events;
    private final Records records;
    private final Customers customers;
    private final AccountSettings settings;
    private final Clock clock;

    ContractService(ContractRepository contracts, ContractTemplates templates, ContractEvents events, Records records,
            Customers customers, AccountSettings settings, Clock clock) {
        this.contracts = contracts;
        this.templates = templates;
        this.events = events;
        this.records = records;
        this.customers = customers;
        this.settings = settings;
        this.clock = clock;
    }

    /** What the document names besides the agreement: where the unit is, which it is, and who the customer is. */
    private record Premises(JsonNode site, JsonNode unit, Customers.Customer customer) {
    }

    /**
     * 201 with a contract {@code awaiting_signature} of a quote or draft agreement: its document made now from the
     * account's licence template. An unsigned earlier contract of the agreement is superseded by it; a signed one
     * is 409, as is an agreement that is terminated or signed already. Nothing is published.
     */
    Mono<Contract> create(Caller caller, CreateContract body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID agreementId = ContractRules.agreementId(v, body);
            v.orThrow();
            UUID account = caller.accountId();
            return records.agreement(account, agreementId)
                    .switchIfEmpty(Mono.error(() -> ApiException.invalid("agreement_id", FieldIssue.NOT_FOUND,
                            "The account has no agreement " + agreementId + " (an agreement booked a moment ago is "
                                    + "known here once commerce's event of it has arrived).")))
                    .flatMap(agreement -> {
                        SiteAccess.require(caller, ContractRules.id(agreement, "site_id"));
                        ContractRules.requireUnsigned(agreement);
                        return premises(account, agreement)
                                .flatMap(premises -> make(caller, agreementId, agreement, premises));
                    });
        });
    }

    /**
     * The site, unit and customer the agreement names. One compliance does not know yet is 422 {@code not_found}
     * on {@code agreement_id}, the message saying which: its event is on its way.
     */
    private Mono<Premises> premises(UUID account, JsonNode agreement) {
        UUID siteId = ContractRules.id(agreement, "site_id");
        UUID unitId = ContractRules.id(agreement, "unit_id");
        UUID contactId = ContractRules.id(agreement, "contact_id");
        Mono<JsonNode> site = siteId == null ? Mono.empty() : records.site(account, siteId);
        Mono<JsonNode> unit = unitId == null ? Mono.empty() : records.unit(account, unitId);
        Mono<Customers.Customer> customer = contactId == null ? Mono.empty() : customers.find(account, contactId);
        return Mono.zip(unknownIfEmpty(site, "site"), unknownIfEmpty(unit, "unit"),
                unknownIfEmpty(customer, "customer")).map(t -> new Premises(t.getT1(), t.getT2(), t.getT3()));
    }

    private static <T> Mono<T> unknownIfEmpty(Mono<T> record, String what) {
        return record.switchIfEmpty(Mono.error(() -> ApiException.invalid("agreement_id", FieldIssue.NOT_FOUND,
                "The agreement's " + what + " is not known here yet (its event is on its way): retry shortly.")));
    }

    private Mono<Contract> make(Caller caller, UUID agreementId, JsonNode agreement, Premises premises) {
        UUID account = caller.accountId();
        JsonNode fee = agreement.path("licence_fee_minor");
        String currency = agreement.path("currency").asString("");
        if (!fee.isIntegralNumber() || !Currencies.isValid(currency)) {
            throw ApiException.conflict("The agreement has no licence fee: set its licence_fee_minor and currency "
                    + "first.");
        }
        LocalDate moveIn = ContractRules.moveInDate(agreement);
        return contracts.liveOfAgreementForUpdate(account, agreementId).collectList().flatMap(live -> {
            for (Contract earlier : live) {
                if (Contract.SIGNED.equals(earlier.status())) {
                    throw ApiException.conflict("The agreement's licence was signed already (contract "
                            + earlier.id() + "): it has no new contract.");
                }
            }
            return templates.licence(account).zipWith(today(account, premises.site()))
                    .flatMap(wordingAndToday -> {
                        UUID id = Ids.newId();
                        Instant now = clock.instant();
                        ContractTemplates.Wording wording = wordingAndToday.getT1();
                        Map<String, String> values = new HashMap<>();
                        values.put(LicenceTemplate.CUSTOMER_NAME, customerName(premises.customer()));
                        values.put(LicenceTemplate.SITE_NAME, premises.site().path("name").asString(""));
                        values.put(LicenceTemplate.SITE_ADDRESS, ContractRules.siteAddress(premises.site()));
                        values.put(LicenceTemplate.UNIT_NAME, premises.unit().path("name").asString(""));
                        values.put(LicenceTemplate.LICENCE_FEE, ContractRules.licenceFee(fee.asLong(), currency));
                        values.put(LicenceTemplate.MOVE_IN_DATE, ContractRules.longDate(moveIn));
                        values.put(LicenceTemplate.CONTRACT_DATE, ContractRules.longDate(wordingAndToday.getT2()));
                        values.put(LicenceTemplate.AGREEMENT_ID, agreementId.toString());
                        values.put(LicenceTemplate.CONTRACT_ID, id.toString());
                        LicenceTemplate filled = wording.template().fill(values);
                        List<String> undrawable = LicenceDocument.undrawable(filled.title() + "\n" + filled.body());
                        if (!undrawable.isEmpty()) {
                            throw ApiException.conflict("The licence document's font cannot show "
                                    + String.join(", ", undrawable) + " of the agreement's terms (the customer's, "
                                    + "site's or unit's name): correct the name, or word the document without it.");
                        }
                        Contract.AuditEntry created = entry(Contract.AuditEntry.CREATED, now, caller, null);
                        // PDFBox writes on the calling thread: off the event loop.
                        return Mono.fromCallable(() -> LicenceDocument.write(filled, "Contract " + id, now))
                                .subscribeOn(Schedulers.boundedElastic())
                                .flatMap(pdf -> {
                                    Contract contract = new Contract(id, Contract.OBJECT, agreementId,
                                            premises.customer().id(), ContractRules.id(agreement, "site_id"),
                                            ContractRules.id(agreement, "unit_id"), Contract.AWAITING_SIGNATURE,
                                            fee.asLong(), currency, moveIn, wording.version(), pdf.sha256(),
                                            pdf.bytes().length, null, null, null, List.of(created), now, now);
                                    Contract.AuditEntry superseded = entry(Contract.AuditEntry.SUPERSEDED, now,
                                            caller, null);
                                    return Flux.fromIterable(live)
                                            .concatMap(earlier -> contracts.save(account,
                                                    earlier.supersededBy(id, superseded)))
                                            .then(contracts.insertUnlessLive(account, contract, pdf.bytes()))
                                            .flatMap(inserted -> inserted ? Mono.just(contract)
                                                    : Mono.error(ApiException.busy("Another contract of this "
                                                            + "agreement was being made at the same moment; nothing "
                                                            + "was written.", 1)));
                                });
                    });
        });
    }

    /** Today at the site (its time zone, else the operator's): the date the document is made on. */
    private Mono<LocalDate> today(UUID account, JsonNode site) {
        try {
            return Mono.just(LocalDate.now(clock.withZone(ZoneId.of(site.path("timezone").asString("")))));
        } catch (DateTimeException e) {
            return settings.of(account).map(s -> LocalDate.now(clock.withZone(s.timezone())));
        }
    }

    private static String customerName(Customers.Customer customer) {
        List<String> parts = new ArrayList<>();
        for (String part : new String[] {customer.firstName(), customer.lastName()}) {
            if (part != null && !part.isBlank()) {
                parts.add(part.strip());
            }
        }
        return String.join(" ", parts);
    }

    /** An audit entry of {@code event} now, by the caller, with the signer's address on a signature. */
    private static Contract.AuditEntry entry(String event, Instant at, Caller caller, String ipAddress) {
        return new Contract.AuditEntry(event, at, caller.actorType().value(), caller.credentialId(), ipAddress);
    }

    Mono<Contract> read(Caller caller, UUID id) {
        return contracts.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("contract")))
                .doOnNext(contract -> SiteAccess.require(caller, contract.siteId()));
    }

    /** The PDF of a contract the caller may read. */
    Mono<Document> document(Caller caller, UUID id) {
        return read(caller, id).flatMap(contract -> contracts.document(caller.accountId(), id)
                .map(bytes -> new Document(contract, bytes)));
    }

    /** A contract's PDF, as written. */
    record Document(Contract contract, byte[] pdf) {
    }

    Mono<Envelopes.ListOf<Contract>> list(Caller caller, ContractRepository.Filters filters, PageRequest page) {
        return Mono.defer(() -> {
            if (filters.siteId() != null) {
                SiteAccess.require(caller, filters.siteId());
            }
            return contracts.list(caller, filters, page);
        });
    }

    /**
     * The customer signs: 404, 403, every bad field in one 422, then 409 when the contract is not awaiting its
     * signature (signed already, or superseded) or the agreement can no longer be signed by it (terminated, signed
     * already, or its terms changed since the document was made). The signature is recorded with the service's
     * time, and {@code contract.signed} is published, once per contract.
     */
    Mono<Contract> sign(Caller caller, UUID id, SignContract body) {
        UUID account = caller.accountId();
        return contracts.findForUpdate(account, id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("contract")))
                .flatMap(current -> {
                    SiteAccess.require(caller, current.siteId());
                    Validation v = Validation.start();
                    ContractRules.Signature signature = ContractRules.check(v, body);
                    v.orThrow();
                    ContractRules.requireAwaitingSignature(current);
                    return records.agreement(account, current.agreementId())
                            .switchIfEmpty(Mono.error(() -> ApiException.conflict("The contract's agreement is no "
                                    + "longer known here.")))
                            .flatMap(agreement -> {
                                ContractRules.requireUnsigned(agreement);
                                List<String> changed = ContractRules.changedTerms(current, agreement);
                                if (!changed.isEmpty()) {
                                    throw ApiException.conflict("The agreement changed since this document was made ("
                                            + String.join(", ", changed) + "): make a new contract of it and sign "
                                            + "that.");
                                }
                                Instant now = clock.instant();
                                Contract signed = current.signed(
                                        new Contract.Signer(signature.name(), signature.ipAddress(), now),
                                        entry(Contract.AuditEntry.SIGNED, now, caller, signature.ipAddress()));
                                return contracts.save(account, signed)
                                        .then(events.publish(caller, ContractEvents.SIGNED, signed));
                            });
                });
    }
}
