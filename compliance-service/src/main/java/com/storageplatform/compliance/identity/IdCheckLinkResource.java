package com.storageplatform.compliance.identity;

import java.net.URI;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /id-checks/start?token=...}: the link emailed to the customer. Outside {@code /v1}: no caller token
 * (the secret in the link is the credential), and not in the API description. It sends the customer's browser on
 * to the provider's page for the online check, asked fresh each time (Stripe's addresses are short-lived and for one
 * use, and must not be emailed). The gateway forwards it without a credential.
 */
@RestController
class IdCheckLinkResource {

    private final IdentityVerificationService verifications;

    IdCheckLinkResource(IdentityVerificationService verifications) {
        this.verifications = verifications;
    }

    /**
     * 303 See Other to the provider's page, neither cached nor sending the link on as a referrer; 404 for a link that
     * is unknown or has expired, 409 when the check is over or being processed (the error envelope).
     */
    @GetMapping(IdCheckLinks.PATH)
    Mono<ResponseEntity<Void>> start(@RequestParam(name = "token", required = false) String token) {
        return verifications.customerPage(token).map(page -> ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create(page))
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .header("Referrer-Policy", "no-referrer")
                .build());
    }
}
