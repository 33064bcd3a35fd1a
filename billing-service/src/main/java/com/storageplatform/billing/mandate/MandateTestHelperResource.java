package com.storageplatform.billing.mandate;

import com.storageplatform.billing.internal.NoFields;
import com.storageplatform.billing.notification.ProviderNotifications;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.SimulatedNotifications.Signed;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.util.UUID;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/test-helpers/mandates/{id}/...}: on a test account, the provider reports the mandate active, failed or
 * cancelled. Each builds the provider's own signed notification of that report and hands it to
 * {@link ProviderNotifications#receive}, exactly the path of a real one, so the mandate moves, or does not, as it
 * would then, with the same events. Live credentials get 404.
 */
@RestController
@ScopeFamily("billing")
class MandateTestHelperResource {

    /** The provider's causes the simulated reports carry (GoCardless's words). */
    static final String FAILED_CAUSE = "invalid_bank_details";
    static final String CANCELLED_CAUSE = "bank_account_closed";

    private final MandateRepository mandates;
    private final Providers providers;
    private final ProviderNotifications notifications;

    MandateTestHelperResource(MandateRepository mandates, Providers providers, ProviderNotifications notifications) {
        this.mandates = mandates;
        this.providers = providers;
        this.notifications = notifications;
    }

    /** The customer's bank has set the mandate up: {@code active} ({@code mandate.active}) if it was awaiting. */
    @PostMapping("/v1/test-helpers/mandates/{id}/activate")
    Mono<Envelopes.Data<Mandate>> activate(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return report(caller, id, Kind.MANDATE_ACTIVE, null);
    }

    /**
     * The bank refused the mandate ({@code invalid_bank_details}): {@code failed} ({@code mandate.failed}) if it was
     * awaiting authorisation.
     */
    @PostMapping("/v1/test-helpers/mandates/{id}/fail")
    Mono<Envelopes.Data<Mandate>> fail(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return report(caller, id, Kind.MANDATE_FAILED, FAILED_CAUSE);
    }

    /**
     * The bank cancelled the mandate ({@code bank_account_closed}): {@code cancelled} ({@code mandate.cancelled}) if
     * it was awaiting authorisation or active.
     */
    @PostMapping("/v1/test-helpers/mandates/{id}/cancel")
    Mono<Envelopes.Data<Mandate>> cancel(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return report(caller, id, Kind.MANDATE_CANCELLED, CANCELLED_CAUSE);
    }

    /** 200 with the mandate as the report left it (unchanged when the report changes nothing). */
    private Mono<Envelopes.Data<Mandate>> report(Caller caller, String id, Kind kind, String cause) {
        if (caller.environment() != Environment.TEST) {
            throw ApiException.notFound();
        }
        UUID mandateId = Ids.fromPath(id);
        return mandates.find(caller.accountId(), mandateId)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(mandate -> {
                    Signed signed = providers.simulated().mandate(mandate.providerMandateRef(), kind, cause);
                    return notifications.receive(signed.provider(), signed.body(), signed.signature(),
                            providers.simulated().secret(signed.provider()));
                })
                .then(Mono.defer(() -> mandates.find(caller.accountId(), mandateId)))
                .map(Envelopes::data);
    }
}
