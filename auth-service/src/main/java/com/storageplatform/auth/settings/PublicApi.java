package com.storageplatform.auth.settings;

import com.storageplatform.auth.credential.Credential;
import com.storageplatform.auth.credential.CredentialKind;
import com.storageplatform.auth.credential.Credentials;
import com.storageplatform.auth.operator.Operators;
import com.storageplatform.auth.signin.AppProperties;
import com.storageplatform.auth.signin.SignedIn;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.crypto.Secrets;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import io.netty.channel.ChannelOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

/**
 * The developer settings manage webhook endpoints as any client would: through the public API, with an access
 * token of the signed-in session (2 minutes, {@code webhooks:read webhooks:write} on the chosen account, revoked
 * when the session ends). Failure policy: a call is bounded by 10 s; an unreachable API or a 5xx is shown as "try
 * again", and nothing is retried.
 */
@Component
class PublicApi {

    static final Duration TOKEN_LIFETIME = Duration.ofMinutes(2);
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final List<String> SCOPES = List.of("webhooks:read", "webhooks:write");
    private static final ParameterizedTypeReference<Map<String, Object>> JSON = new ParameterizedTypeReference<>() {
    };

    private final WebClient api;
    private final Credentials credentials;
    private final Operators operators;
    private final TransactionalOperator ownTransaction;
    private final Clock clock;

    PublicApi(AppProperties app, Credentials credentials, Operators operators, Clock clock,
            WebClient.Builder builder, ReactiveTransactionManager transactions) {
        this.api = builder.clone()
                .baseUrl(app.apiUrl())
                .clientConnector(new ReactorClientHttpConnector(HttpClient.create()
                        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 2000)
                        .responseTimeout(TIMEOUT)))
                .build();
        this.credentials = credentials;
        this.operators = operators;
        this.clock = clock;
        // The gateway looks the token up on its own connection: it must be committed before the call, also when
        // the page's own request (a form post) is still inside its transaction.
        DefaultTransactionDefinition definition = new DefaultTransactionDefinition();
        definition.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.ownTransaction = TransactionalOperator.create(transactions, definition);
    }

    /**
     * Calls the public API as the signed-in owner on one account: the JSON answer, or the API's own error message
     * as a 422 {@link ApiException} the page shows.
     */
    Mono<Map<String, Object>> call(SignedIn signedIn, Environment environment, HttpMethod method, String path,
            Object body) {
        return token(signedIn, environment).flatMap(token -> {
            WebClient.RequestBodySpec request = api.method(method).uri(path)
                    .header(HttpHeaders.AUTHORIZATION, "Bearer " + token);
            return (body == null ? request : request.bodyValue(body)).retrieve().bodyToMono(JSON);
        }).timeout(TIMEOUT.plusSeconds(1)).onErrorMap(failure -> !(failure instanceof ApiException), PublicApi::explain);
    }

    private Mono<String> token(SignedIn signedIn, Environment environment) {
        Instant now = clock.instant();
        return operators.account(signedIn.user().operatorId(), environment)
                .switchIfEmpty(Mono.error(ApiException::notFound))
                .flatMap(account -> {
                    String secret = Secrets.generate(CredentialKind.ACCESS_TOKEN.secretPrefix(environment));
                    Credential token = new Credential(Ids.newId(), CredentialKind.ACCESS_TOKEN,
                            Secrets.shownPrefix(secret), account.operatorId(), account.accountId(), environment,
                            null, SCOPES, null, CredentialKind.ACCESS_TOKEN.actorType(), null, null,
                            now.plus(TOKEN_LIFETIME), null, now);
                    return ownTransaction.transactional(credentials.insertForSession(token, Secrets.sha256(secret),
                            signedIn.sessionId())).thenReturn(secret);
                });
    }

    @SuppressWarnings("unchecked")
    private static Throwable explain(Throwable failure) {
        if (failure instanceof WebClientResponseException response && response.getStatusCode().is4xxClientError()) {
            Map<String, Object> body = response.getResponseBodyAs(Map.class);
            Object error = body == null ? null : body.get("error");
            if (error instanceof Map<?, ?> envelope && envelope.get("message") != null) {
                StringBuilder message = new StringBuilder(String.valueOf(envelope.get("message")));
                if (envelope.get("details") instanceof List<?> details) {
                    for (Object detail : details) {
                        if (detail instanceof Map<?, ?> issue) {
                            message.append(" ").append(issue.get("field")).append(": ").append(issue.get("issue"))
                                    .append(".");
                        }
                    }
                }
                return new ApiException(ErrorCode.VALIDATION_ERROR, message.toString());
            }
        }
        return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "The API could not be reached; try again shortly.");
    }
}
