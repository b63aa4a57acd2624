// Opens the main window, optionally with a project given on the command line.
// `podplanner PROJECT --screenshot FILE.png [--size WxH]` draws the window once, saves it and
// quits (used by the demo script and for the README pictures).
#include "app_settings.h"
#include "app_theme.h"
#include "autosaver.h"
#include "display_check.h"
#include "gl_renderer.h"
#include "gui_platform.h"
#include "project_document.h"
#include "version.h"

#include <QApplication>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QTimer>
#include <QUrl>

#include <iostream>
#include <optional>

namespace {
struct GuiOptions {
    QString project;
    QString screenshot;
    QSize size{1280, 800};
};

GuiOptions parseGuiOptions(const QStringList& args) {
    GuiOptions o;
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == "--screenshot" && i + 1 < args.size()) {
            o.screenshot = args[++i];
        } else if (args[i] == "--size" && i + 1 < args.size()) {
            const auto parts = args[++i].split('x');
            if (parts.size() == 2 && parts[0].toInt() > 0 && parts[1].toInt() > 0)
                o.size = QSize(parts[0].toInt(), parts[1].toInt());
        } else if (o.project.isEmpty()) {
            o.project = args[i];
        }
    }
    return o;
}
} // namespace

int runGui(int argc, char** argv) {
    if (!podplanner::app::displayAvailable()) {
        std::cerr << podplanner::app::kNoDisplayMessage << "\n";
        return 1;
    }
    std::optional<QApplication> app;
    podplanner::app::startPlatformOrExit([&] { app.emplace(argc, argv); },
                                         "no display (%1): run under a desktop session or "
                                         "xvfb-run, or use a subcommand; see --help");
    QApplication::setOrganizationName(QStringLiteral("PodPlanner"));
    QApplication::setApplicationName(QStringLiteral("PodPlanner"));
    QApplication::setApplicationVersion(QStringLiteral(PODPLANNER_VERSION));
    const GuiOptions options = parseGuiOptions(QApplication::arguments());

    podplanner::views::ProjectDocument document;
    podplanner::views::AppSettings settings;
    const QString renderer = podplanner::app::openGlRenderer();
    // Unknown (no context could be made): as cautious as software.
    settings.setRenderer(renderer,
                         renderer.isEmpty() || podplanner::app::isSoftwareRenderer(renderer));
    podplanner::views::Autosaver autosave(&document);
    if (!options.project.isEmpty() && !document.load(options.project))
        std::cerr << document.errorText().toStdString() << "\n";

    // One style on every platform; its palette follows the theme (View > Theme).
    QQuickStyle::setStyle(QStringLiteral("Fusion"));
    podplanner::views::AppTheme::instance();
    QQmlApplicationEngine engine;
    engine.addImportPath(QStringLiteral("qrc:/"));
    engine.setInitialProperties({{"document", QVariant::fromValue(&document)},
                                 {"settings", QVariant::fromValue(&settings)},
                                 {"autosave", QVariant::fromValue(&autosave)}});
    engine.load(QUrl(QStringLiteral("qrc:/PodPlanner/App/Main.qml")));
    if (engine.rootObjects().isEmpty())
        return 1;
    if (!options.screenshot.isEmpty()) {
        auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().first());
        window->resize(options.size);
        QTimer::singleShot(1500, window, [window, &options] {
            const bool saved = window->grabWindow().save(options.screenshot);
            std::cout << (saved ? "wrote " : "could not write ") << options.screenshot.toStdString()
                      << "\n";
            QApplication::exit(saved ? 0 : 1);
        });
    }
    return QApplication::exec();
}
