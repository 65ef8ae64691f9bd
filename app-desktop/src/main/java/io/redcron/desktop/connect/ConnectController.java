package io.redcron.desktop.connect;

import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;

/** Binds the connection screen to its view-model; no logic of its own. */
public final class ConnectController {
    private final ConnectViewModel model;

    @FXML private ListView<ConnectionProfile> profiles;
    @FXML private HBox sandboxOffer;
    @FXML private Label sandboxText;
    @FXML private TextField name;
    @FXML private TextField redisUri;
    @FXML private TextField jdbcUrl;
    @FXML private TextField user;
    @FXML private TextField namespace;
    @FXML private PasswordField dbPassword;
    @FXML private PasswordField redisPassword;
    @FXML private Label redisVerdict;
    @FXML private Label mysqlVerdict;
    @FXML private Label error;
    @FXML private ProgressIndicator busy;
    @FXML private Button test;
    @FXML private Button connect;

    public ConnectController(ConnectViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        profiles.setItems(model.profiles());
        profiles.setCellFactory(list -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(ConnectionProfile item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item.name() + "  ·  " + item.namespace());
            }
        });
        profiles.getSelectionModel().selectedItemProperty().addListener((o, old, profile) -> {
            if (profile != null) {
                model.use(profile);
            }
        });
        sandboxOffer.visibleProperty().bind(model.sandboxProperty().isNotNull());
        sandboxOffer.managedProperty().bind(sandboxOffer.visibleProperty());
        sandboxText.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() ->
                model.sandboxProperty().get() == null ? "" : model.sandboxProperty().get().redisUri() + " · "
                        + model.sandboxProperty().get().jdbcUrl(), model.sandboxProperty()));
        name.textProperty().bindBidirectional(model.nameProperty());
        redisUri.textProperty().bindBidirectional(model.redisUriProperty());
        jdbcUrl.textProperty().bindBidirectional(model.jdbcUrlProperty());
        user.textProperty().bindBidirectional(model.userProperty());
        namespace.textProperty().bindBidirectional(model.namespaceProperty());
        dbPassword.textProperty().bindBidirectional(model.dbPasswordProperty());
        redisPassword.textProperty().bindBidirectional(model.redisPasswordProperty());
        redisVerdict.textProperty().bind(model.redisVerdictProperty());
        mysqlVerdict.textProperty().bind(model.mysqlVerdictProperty());
        error.textProperty().bind(model.errorProperty());
        busy.visibleProperty().bind(model.busyProperty());
        test.disableProperty().bind(model.busyProperty());
        connect.disableProperty().bind(model.busyProperty());
        model.refresh();
    }

    @FXML
    private void onTest() {
        model.test();
    }

    @FXML
    private void onConnect() {
        model.connect();
    }

    @FXML
    private void onUseSandbox() {
        model.useSandbox();
        model.connect();
    }
}
