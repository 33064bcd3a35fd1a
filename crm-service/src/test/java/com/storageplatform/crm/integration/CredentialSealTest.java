package com.storageplatform.crm.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.crypto.Sealed;
import com.storageplatform.kit.id.Ids;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Sealing a connection's credentials, and the key crm-service starts with. */
class CredentialSealTest {

    static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);

    final CredentialSeal seal = new CredentialSeal(CredentialSeal.key(new IntegrationProperties(KEY), true),
            JsonMapper.builder().build());
    final UUID account = Ids.newId();
    final UUID connection = Ids.newId();

    @Test
    void sealedCredentialsOpenForTheirConnectionAndHoldNoPlaintext() {
        Map<String, String> credentials = Map.of("api_key", "sk_live_plaintext_4242");
        byte[] sealed = seal.seal(account, connection, credentials);

        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("sk_live_plaintext_4242")
                .doesNotContain("api_key");
        assertThat(seal.open(account, connection, sealed)).isEqualTo(credentials);
    }

    @Test
    void credentialsSealedForOneConnectionDoNotOpenForAnother() {
        byte[] sealed = seal.seal(account, connection, Map.of("api_key", "secret"));

        assertThatThrownBy(() -> seal.open(account, Ids.newId(), sealed)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("sealed for another connection").hasMessageNotContaining("secret\"");
        assertThatThrownBy(() -> seal.open(Ids.newId(), connection, sealed))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void anotherKeyCannotOpenThemAndSaysNothingOfThem() {
        byte[] sealed = seal.seal(account, connection, Map.of("api_key", "secret-value"));
        byte[] otherKey = new byte[32];
        otherKey[0] = 1;
        CredentialSeal other = new CredentialSeal(otherKey, JsonMapper.builder().build());

        assertThatThrownBy(() -> other.open(account, connection, sealed)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CRM_INTEGRATIONS_SEALING_KEY").hasMessageNotContaining("secret-value")
                .hasNoCause();
    }

    @Test
    void productionDoesNotStartWithoutTheKey() {
        assertThatThrownBy(() -> CredentialSeal.key(new IntegrationProperties(null), true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CRM_INTEGRATIONS_SEALING_KEY (crm.integrations.sealing-key) is not set");
        assertThatThrownBy(() -> CredentialSeal.key(new IntegrationProperties("  "), true))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aKeyThatIsNotBase64Of32BytesIsRefusedNamingCrmsSetting() {
        String short16 = Base64.getEncoder().encodeToString(new byte[16]);
        assertThatThrownBy(() -> CredentialSeal.key(new IntegrationProperties(short16), false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CRM_INTEGRATIONS_SEALING_KEY").hasMessageContaining("not 16 bytes");
        assertThatThrownBy(() -> CredentialSeal.key(new IntegrationProperties("not base64!"), false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CRM_INTEGRATIONS_SEALING_KEY").hasMessageContaining("not base64");
    }

    @Test
    void outsideProductionAMissingKeyIsCrmsOwnFixedDevelopmentKey() {
        // Changing the phrase would leave what development databases hold sealed unreadable.
        assertThat(CredentialSeal.key(new IntegrationProperties(null), false))
                .isEqualTo(Sealed.sha256("crm-service development sealing key, not secret"));
    }

    @Test
    void neitherTheKeyNorTheSealPrintsIt() {
        assertThat(new IntegrationProperties(KEY).toString()).doesNotContain(KEY).contains("set");
        assertThat(seal.toString()).isEqualTo("CredentialSeal[key=redacted]");
    }
}
