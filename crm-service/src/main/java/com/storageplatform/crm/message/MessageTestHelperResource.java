package com.storageplatform.crm.message;

import com.storageplatform.crm.message.provider.DeliveryReport;
import com.storageplatform.crm.message.provider.MessageProviders;
import com.storageplatform.crm.message.provider.SimulatedReports;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import java.util.UUID;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/test-helpers/messages/{id}/...}: test credentials only (404 for live ones), scope
 * {@code messages:write}. Each writes the report the message's provider itself would send (the email relay's or
 * Twilio's), signed with the simulator's secret, and hands it to {@link DeliveryReports#receive}, the path of every
 * real report, so the message moves exactly as it would live, with the same events. 409 when the message is not
 * {@code sent}.
 */
@RestController
@ScopeFamily("messages")
class MessageTestHelperResource {

    /** The body of a helper, which takes no parameters: no body, or {@code {}}. */
    record NoFields() {
    }

    private final MessageRepository messages;
    private final MessageProviders providers;
    private final DeliveryReports reports;

    MessageTestHelperResource(MessageRepository messages, MessageProviders providers, DeliveryReports reports) {
        this.messages = messages;
        this.providers = providers;
        this.reports = reports;
    }

    /** The provider reports a {@code sent} message delivered: {@code delivered} ({@code message.delivered}). */
    @PostMapping("/v1/test-helpers/messages/{id}/deliver")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Message>> deliver(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return report(caller, id, DeliveryReport.Kind.DELIVERED);
    }

    /**
     * The provider reports a {@code sent} message undeliverable (a mailbox that does not exist, a handset that
     * cannot be reached): {@code bounced} ({@code message.bounced}), with the provider's reason in
     * {@code failure_reason}.
     */
    @PostMapping("/v1/test-helpers/messages/{id}/bounce")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<Message>> bounce(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return report(caller, id, DeliveryReport.Kind.BOUNCED);
    }

    private Mono<Envelopes.Data<Message>> report(Caller caller, String id, DeliveryReport.Kind kind) {
        if (caller.environment() != Environment.TEST) {
            throw ApiException.notFound();
        }
        UUID messageId = Ids.fromPath(id);
        return messages.find(caller.accountId(), messageId)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(message -> {
                    if (!Message.SENT.equals(message.status())) {
                        return Mono.error(ApiException.conflict("Only a sent message can be reported "
                                + (kind == DeliveryReport.Kind.DELIVERED ? "delivered" : "bounced")
                                + "; this one is " + message.status() + "."));
                    }
                    SimulatedReports.Signed signed = providers.simulated().report(message.provider(),
                            message.providerMessageId(), kind);
                    return reports.receive(signed.provider(), signed.body(), signed.signature(), signed.secret(),
                            signed.url());
                })
                .then(Mono.defer(() -> messages.find(caller.accountId(), messageId)))
                .map(message -> Envelopes.data(MessageService.as(caller, message)));
    }
}
