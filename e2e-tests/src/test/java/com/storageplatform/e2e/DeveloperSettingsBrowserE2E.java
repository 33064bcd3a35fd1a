package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The developer settings and the consent page in a real browser: headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}, which .ci/run installs) signs an owner in on the real Keycloak, creates an API key and
 * sees it once, revokes it, creates an OAuth client, runs the whole authorization-code flow for it and adds a
 * webhook endpoint. Each page's screenshot is saved under {@code target/screenshots/}. Without Chromium the test
 * is skipped, saying so.
 */
class DeveloperSettingsBrowserE2E {

    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    private static final String CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    @TempDir
    Path profile;

    private DevStack stack;
    private WebDriver browser;
    private WebDriverWait wait;
    private HttpServer app;
    private final AtomicReference<String> callback = new AtomicReference<>();

    @BeforeEach
    void startBrowser() throws IOException {
        Optional<Path> chromium = installed(System.getenv("CHROMIUM_BINARY"), "/usr/bin/chromium",
                "/usr/bin/chromium-browser");
        Optional<Path> driver = installed(System.getenv("CHROMEDRIVER"), "/usr/bin/chromedriver");
        Assumptions.assumeTrue(chromium.isPresent() && driver.isPresent(),
                "Skipped: no Chromium (Debian packages chromium and chromium-driver; .ci/run installs them, or set "
                        + "CHROMIUM_BINARY and CHROMEDRIVER)");
        stack = Stack.get();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.get().toFile());
        // The machine's network is closed: nothing of Chromium's own may try to go out.
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,1100", "--user-data-dir=" + profile.resolve("chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.get().toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        Files.createDirectories(SCREENSHOTS);

        app = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        app.createContext("/callback", exchange -> {
            callback.set(exchange.getRequestURI().getRawQuery());
            byte[] page = "<!DOCTYPE html><title>App</title><p id=\"app\">Connected</p>".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        app.start();
    }

    @AfterEach
    void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
        if (app != null) {
            app.stop(0);
        }
    }

    @Test
    void anOwnerSignsInManagesKeysAndInstallsAnAppThroughTheConsentPage() throws Exception {
        try {
            signInManageKeysAndInstallAnApp();
        } catch (Throwable failed) {
            screenshot("failure");
            throw failed;
        }
    }

    private void signInManageKeysAndInstallAnApp() throws Exception {
        Admin admin = new Admin(stack);
        Admin.Operator operator = admin.newOperator("Browser Storage Ltd");
        Operators.Person owner = new Operators(stack).add(operator.id(), "owner");

        // Signing in happens on Keycloak's own page: the password never reaches the platform.
        browser.get(stack.appUrl() + "/api-keys");
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("username")));
        assertThat(browser.getCurrentUrl()).startsWith(stack.keycloakUrl() + "/realms/" + stack.keycloakRealm());
        screenshot("01-keycloak-sign-in");
        browser.findElement(By.id("username")).sendKeys(owner.email());
        browser.findElement(By.id("password")).sendKeys(owner.password());
        browser.findElement(By.id("kc-login")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("create-form")));
        assertThat(browser.getCurrentUrl()).isEqualTo(stack.appUrl() + "/api-keys");
        assertThat(browser.findElement(By.id("signed-in-as")).getText()).isEqualTo(owner.email());
        screenshot("02-api-keys");

        // An API key, shown once.
        browser.findElement(By.id("name")).sendKeys("Website booking form");
        browser.findElement(By.cssSelector("input[name=scopes][value='sites:read']")).click();
        browser.findElement(By.id("create")).click();
        String key = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("new-secret"))).getText();
        assertThat(key).startsWith("svc_test_");
        browser.findElement(By.id("copy-secret")).click();
        wait.until(ExpectedConditions.textToBe(By.id("copy-secret"), "Copied"));
        screenshot("03-api-key-created-shown-once");
        assertThat(Http.get(stack.gatewayUrl() + "/v1/sites", key).status()).isEqualTo(200);

        browser.get(stack.appUrl() + "/api-keys?environment=test");
        assertThat(browser.getPageSource()).contains(key.substring(0, 12)).doesNotContain(key);
        WebElement row = browser.findElement(By.xpath("//tr[td[normalize-space()='Website booking form']]"));
        row.findElement(By.cssSelector("button.revoke")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("revoked-notice")));
        screenshot("04-api-key-revoked");
        assertThat(Http.get(stack.gatewayUrl() + "/v1/sites", key).status()).isEqualTo(401);

        // An OAuth client for an app, its secret shown once.
        String redirectUri = "http://127.0.0.1:" + app.getAddress().getPort() + "/callback";
        browser.get(stack.appUrl() + "/oauth-clients?environment=test");
        browser.findElement(By.id("name")).sendKeys("Harbour Insights");
        browser.findElement(By.id("redirect_uris")).sendKeys(redirectUri);
        browser.findElement(By.cssSelector("input[name=scopes][value='sites:read']")).click();
        browser.findElement(By.id("create")).click();
        String clientSecret = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("new-secret"))).getText();
        String clientId = browser.findElement(By.id("new-client-id")).getText();
        assertThat(clientId).startsWith("cli_");
        assertThat(clientSecret).startsWith("svc_cs_");
        screenshot("05-oauth-client-created");

        // The whole authorization-code flow: consent, redirect with the code and state, exchange, a /v1 call.
        browser.get(stack.gatewayUrl() + "/oauth/authorize?response_type=code&client_id=" + clientId
                + "&redirect_uri=" + URLEncoder.encode(redirectUri, StandardCharsets.UTF_8)
                + "&scope=sites%3Aread&state=browser-state&code_challenge=" + CHALLENGE + "&code_challenge_method=S256");
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("consent")));
        assertThat(browser.findElement(By.id("consent")).getText())
                .contains("Harbour Insights", "See your sites and their widgets");
        screenshot("06-consent");
        browser.findElement(By.id("approve")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("app")));
        Map<String, String> redirect = Browserless.query(URI.create("http://x/?" + callback.get()));
        assertThat(redirect).containsEntry("state", "browser-state").containsKey("code");

        Http.Response tokens = Http.postForm(stack.gatewayUrl() + "/oauth/token", Map.of(
                "grant_type", "authorization_code", "code", redirect.get("code"), "redirect_uri", redirectUri,
                "code_verifier", VERIFIER), java.util.Base64.getEncoder().encodeToString(
                (clientId + ":" + clientSecret).getBytes(StandardCharsets.UTF_8)));
        assertThat(tokens.status()).as(tokens.body().toString()).isEqualTo(200);
        assertThat(tokens.body().path("refresh_token").asString()).startsWith("svc_rt_");
        assertThat(Http.get(stack.gatewayUrl() + "/v1/sites", tokens.body().path("access_token").asString()).status())
                .isEqualTo(200);

        browser.get(stack.appUrl() + "/installed-apps?environment=test");
        assertThat(browser.findElement(By.id("items")).getText()).contains("Harbour Insights", "sites:read");
        screenshot("07-installed-apps");

        // A webhook endpoint, through the public API.
        browser.get(stack.appUrl() + "/webhooks?environment=test");
        browser.findElement(By.id("url")).sendKeys("http://127.0.0.1:" + app.getAddress().getPort() + "/webhooks");
        browser.findElement(By.id("create")).click();
        String signingSecret = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("new-secret"))).getText();
        assertThat(signingSecret).isNotBlank();
        assertThat(browser.findElement(By.id("items")).getText()).contains("/webhooks", "active");
        screenshot("08-webhooks");

        browser.findElement(By.id("sign-out")).click();
        wait.until(ExpectedConditions.urlToBe(stack.appUrl() + "/signed-out"));
        screenshot("09-signed-out");
    }

    private void screenshot(String name) throws IOException {
        byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
        Files.write(SCREENSHOTS.resolve(name + ".png"), png);
    }

    private static Optional<Path> installed(String... candidates) {
        for (String candidate : candidates) {
            if (candidate != null && !candidate.isBlank() && Files.isExecutable(Path.of(candidate))) {
                return Optional.of(Path.of(candidate));
            }
        }
        return Optional.empty();
    }
}
