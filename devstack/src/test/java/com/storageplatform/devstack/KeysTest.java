package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeysTest {

    @Test
    void theCallerTokenKeysSurviveAPemRoundTripAndStillSignAndVerify() throws Exception {
        Keys.CallerTokenKeys pem = Keys.toPem(Keys.generateEcP256());

        PrivateKey privateKey = Keys.parsePrivateKey(pem.privateKeyPem());
        PublicKey publicKey = Keys.parsePublicKey(pem.publicKeyPem());
        byte[] payload = "caller token".getBytes(StandardCharsets.UTF_8);
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(privateKey);
        signer.update(payload);
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(publicKey);
        verifier.update(payload);

        assertThat(verifier.verify(signature)).isTrue();
        assertThat(((ECPublicKey) publicKey).getParams().getCurve().getField().getFieldSize()).isEqualTo(256);
    }

    @Test
    void thePemTextIsPkcs8AndSubjectPublicKeyInfoInLinesOf64() {
        Keys.CallerTokenKeys pem = Keys.toPem(Keys.generateEcP256());

        assertThat(pem.privateKeyPem()).startsWith("-----BEGIN PRIVATE KEY-----\n")
                .endsWith("\n-----END PRIVATE KEY-----\n");
        assertThat(pem.publicKeyPem()).startsWith("-----BEGIN PUBLIC KEY-----\n")
                .endsWith("\n-----END PUBLIC KEY-----\n");
        assertThat(pem.publicKeyPem().lines().filter(l -> !l.startsWith("-----")))
                .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(64));
        // A P-256 SubjectPublicKeyInfo is always 91 bytes: the id-ecPublicKey and prime256v1 OIDs, the point.
        assertThat(Keys.derFromPem(pem.publicKeyPem())).hasSize(91);
    }

    @Test
    void theAdminTokenIsThePrefixAndFortyBase62Characters() {
        String token = Keys.newAdminToken();

        assertThat(token).matches("svc_admin_[0-9A-Za-z]{40}");
        assertThat(Keys.newAdminToken()).isNotEqualTo(token);
    }

    @Test
    void secretsAreMadeOnceReadableByTheOwnerOnlyAndKept(@TempDir Path home) throws Exception {
        Path tokenFile = home.resolve("admin-token");
        String token = Keys.loadOrCreateAdminToken(tokenFile);
        Keys.CallerTokenKeys keys = Keys.loadOrCreateCallerTokenKeys(home.resolve("keys"));

        assertThat(Keys.loadOrCreateAdminToken(tokenFile)).isEqualTo(token);
        assertThat(Keys.loadOrCreateCallerTokenKeys(home.resolve("keys"))).isEqualTo(keys);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                home.resolve("keys/caller-token-private.pem")))).isEqualTo("rw-------");
    }

    @Test
    void theStacksSealingKeysAreBase64Of32BytesEachItsOwnAndKept(@TempDir Path home) throws Exception {
        StackLayout layout = StackLayout.of(home, home.resolve(".devstack"));
        StackSecrets secrets = StackSecrets.loadOrCreate(layout);

        for (String key : List.of(secrets.webhookSecretKey(), secrets.authCookieKey(),
                secrets.crmIntegrationsSealingKey(), secrets.complianceAccessSealingKey())) {
            assertThat(Base64.getDecoder().decode(key)).hasSize(32);
        }
        assertThat(secrets.crmIntegrationsSealingKey()).isNotIn(secrets.webhookSecretKey(), secrets.authCookieKey());
        assertThat(secrets.complianceAccessSealingKey()).isNotIn(secrets.webhookSecretKey(), secrets.authCookieKey(),
                secrets.crmIntegrationsSealingKey());
        StackSecrets again = StackSecrets.loadOrCreate(layout);
        assertThat(again.crmIntegrationsSealingKey()).isEqualTo(secrets.crmIntegrationsSealingKey());
        assertThat(again.complianceAccessSealingKey()).isEqualTo(secrets.complianceAccessSealingKey());
        for (String file : List.of("crm-integrations-sealing-key", "compliance-access-sealing-key")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(layout.keysDir().resolve(file))))
                    .as(file).isEqualTo("rw-------");
        }
    }

    @Test
    void theServicesKeyPairIsItsOwnAndKept(@TempDir Path home) throws Exception {
        Keys.CallerTokenKeys gateway = Keys.loadOrCreateCallerTokenKeys(home.resolve("keys"));
        Keys.CallerTokenKeys services = Keys.loadOrCreateServiceTokenKeys(home.resolve("keys"));

        assertThat(services.privateKeyPem()).isNotEqualTo(gateway.privateKeyPem());
        assertThat(Keys.loadOrCreateServiceTokenKeys(home.resolve("keys"))).isEqualTo(services);
        assertThat(Keys.parsePublicKey(services.publicKeyPem()).getAlgorithm()).isEqualTo("EC");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                home.resolve("keys/service-token-private.pem")))).isEqualTo("rw-------");
    }
}
