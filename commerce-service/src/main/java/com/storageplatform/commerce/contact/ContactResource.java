package com.storageplatform.commerce.contact;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/contacts} (scopes {@code contacts:read} and {@code contacts:write}, at the gateway). Contacts are never
 * deleted: agreements and invoices keep naming them, so a contact is archived and {@code DELETE} is 405. Every
 * answer carries the deprecated {@code kyc_status}, so successful answers send the {@code Deprecation},
 * {@code Sunset} and {@code Link} headers.
 */
@RestController
@ScopeFamily("contacts")
class ContactResource {

    private final ContactService contacts;

    ContactResource(ContactService contacts) {
        this.contacts = contacts;
    }

    /**
     * 201 with the new contact. When the account has an archived contact with the {@code email} sent, that contact
     * comes back instead: unarchived with the sent fields applied as a {@code PATCH} applies them (but marketing as
     * a create records it: {@code marketing_consent: false} records nothing), answered with 200 (nothing was
     * created), {@code contact.unarchived} (and {@code contact.updated} when its details changed). An active
     * contact with the same email does not stop a new one.
     */
    @PostMapping("/v1/contacts")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiResponse(responseCode = "200", description = "An archived contact with the email sent was brought back, "
            + "active again (nothing was created).")
    Mono<Envelopes.Data<Contact>> create(Caller caller, @RequestBody CreateContact body,
            ServerHttpResponse response) {
        return contacts.create(caller, body).map(outcome -> {
            if (!outcome.created()) {
                response.setStatusCode(HttpStatus.OK);
            }
            return Envelopes.data(outcome.contact());
        });
    }

    /** Any contact of the account, the walk-in sales record included. */
    @GetMapping("/v1/contacts/{id}")
    Mono<Envelopes.Data<Contact>> read(Caller caller, @PathVariable String id) {
        return contacts.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first, never the walk-in sales record; filters {@code email} (exact, in any case) and {@code status}
     * ({@code active}, {@code archived}).
     */
    @FilteredBy({"email", "status"})
    @GetMapping("/v1/contacts")
    Mono<Envelopes.ListOf<Contact>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String email = filters.parsed("email", ContactRules::emailFilter);
        String status = filters.oneOf("status", Contact.STATUSES);
        return contacts.list(caller, email, status, filters.page());
    }

    /**
     * Only the fields sent change ({@code null} clears); see the marketing rules. A body that changes nothing
     * answers the contact as it was and publishes nothing. The walk-in sales record is 409.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PatchMapping("/v1/contacts/{id}")
    Mono<Envelopes.Data<Contact>> update(Caller caller, @PathVariable String id,
            @RequestBody ContactChanges changes) {
        return contacts.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }

    /**
     * {@code status: archived} with {@code archived_at} ({@code contact.updated}); an archived contact is answered
     * unchanged. The walk-in sales record is 409.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/contacts/{id}/archive")
    Mono<Envelopes.Data<Contact>> archive(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return contacts.archive(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Active again ({@code contact.unarchived}); an active contact is answered unchanged. The walk-in sales record
     * is 409.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/contacts/{id}/unarchive")
    Mono<Envelopes.Data<Contact>> unarchive(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return contacts.unarchive(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
