// `podplanner render PROJECT -o FILE.png [--view physical|logical] [--job N] [--color MODE]
// [--size WxH] [--zoom F] [--every-chip] [--smooth-edges] [--fps-probe N]`: draws the 3D scene
// without the user (needs a display: run it under xvfb-run on a headless machine) and saves it, or
// measures frames per second while orbiting. --zoom brings the camera closer (0.3: a third of the
// way), where chips show. Like the main window it multisamples while the camera rests (the
// PNG) and not while it orbits (the probe); --smooth-edges multisamples always.
#include "chip_coloring.h"
#include "cli.h"
#include "display_check.h"
#include "gui_platform.h"
#include "project_document.h"
#include "scene_controller.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickView>
#include <QTimer>

#include <iostream>
#include <optional>

namespace {

struct RenderOptions {
    QString project, output, view = "physical", color = "job";
    int job = 0;
    QSize size{1280, 800};
    int fpsFrames = 0;
    double zoom = 1;
    bool everyChip = false;
    bool smoothEdges = false;
};

bool parseRender(const QStringList& args, RenderOptions& o, QString& error) {
    for (int i = 2; i < args.size(); ++i) {
        const QString& a = args[i];
        auto value = [&]() -> QString { return i + 1 < args.size() ? args[++i] : QString(); };
        if (a == "-o" || a == "--output")
            o.output = value();
        else if (a == "--view")
            o.view = value();
        else if (a == "--color")
            o.color = value();
        else if (a == "--job")
            o.job = value().toInt() - 1;
        else if (a == "--fps-probe")
            o.fpsFrames = value().toInt();
        else if (a == "--every-chip")
            o.everyChip = true;
        else if (a == "--smooth-edges")
            o.smoothEdges = true;
        else if (a == "--zoom") {
            o.zoom = value().toDouble();
            if (!(o.zoom > 0.01 && o.zoom <= 10)) {
                error = "--zoom expects a factor from 0.01 to 10, e.g. 0.3";
                return false;
            }
        } else if (a == "--size") {
            const auto parts = value().split('x');
            if (parts.size() != 2 || parts[0].toInt() <= 0 || parts[1].toInt() <= 0) {
                error = "--size expects WxH, e.g. 1280x800";
                return false;
            }
            o.size = QSize(parts[0].toInt(), parts[1].toInt());
        } else if (!a.startsWith('-') && o.project.isEmpty())
            o.project = a;
        else {
            error = "unknown option " + a;
            return false;
        }
    }
    if (o.project.isEmpty() || (o.output.isEmpty() && o.fpsFrames <= 0)) {
        error = "render takes PROJECT and -o FILE.png (or --fps-probe N)";
        return false;
    }
    if (o.view != "physical" && o.view != "logical") {
        error = "--view expects physical or logical";
        return false;
    }
    if (!podplanner::views::ChipColoring::isMode(o.color)) {
        error = "--color expects one of " + podplanner::views::ChipColoring::modes().join(", ");
        return false;
    }
    return true;
}

} // namespace

int runRender(int argc, char** argv) {
    // Usage errors first: they need no display.
    RenderOptions o;
    QString error;
    if (!parseRender(podplanner::app::argumentList(argc, argv), o, error)) {
        std::cerr << "podplanner: " << error.toStdString()
                  << "\nRun 'podplanner render --help' for usage.\n";
        return podplanner::app::kExitUsage;
    }
    if (!podplanner::app::displayAvailable()) {
        std::cerr << "no display: render draws in a window; run it under xvfb-run or a desktop "
                     "session\n";
        return podplanner::app::kExitBadInput;
    }
    std::optional<QGuiApplication> app;
    podplanner::app::startPlatformOrExit(
        [&] { app.emplace(argc, argv); },
        "no display (%1): render draws in a window; run it under xvfb-run or a desktop session");
    podplanner::views::ProjectDocument document;
    if (!document.load(o.project)) {
        std::cerr << "error: " << document.errorText().toStdString() << "\n";
        return podplanner::app::kExitBadInput;
    }
    podplanner::views::SceneController controller;
    controller.setDocument(&document);
    controller.setView(o.view);
    controller.setColorMode(o.color);
    controller.setJob(std::max(0, o.job));
    if (o.everyChip)
        controller.setShowChips(true);

    QQuickView view;
    view.setColor(QColor("#f4f6f8")); // the floor's colour, as in the window (Underlay shows it)
    view.engine()->addImportPath("qrc:/");
    view.setInitialProperties({{"controller", QVariant::fromValue(&controller)},
                               {"interactive", false},
                               {"smoothEdges", o.smoothEdges},
                               {"smoothWhenStill", true}}); // as the main window draws
    view.setResizeMode(QQuickView::SizeRootObjectToView);
    view.setSource(QUrl("qrc:/PodPlanner/Scene/Scene.qml"));
    if (view.status() != QQuickView::Ready)
        return podplanner::app::kExitBadInput;
    view.resize(o.size);
    view.show();
    if (o.zoom != 1) {
        if (QObject* camera = view.rootObject()->findChild<QObject*>("camera"))
            camera->setProperty("position",
                                camera->property("position").value<QVector3D>() * float(o.zoom));
        QMetaObject::invokeMethod(view.rootObject(), "reportCamera");
    }

    int result = podplanner::app::kExitOk;
    if (o.fpsFrames > 0) {
        // Orbit the camera pivot one degree per frame and time the frames.
        QQuickItem* root = view.rootObject();
        QObject* pivot = root->findChild<QObject*>("pivot");
        int frames = 0;
        QElapsedTimer timer, firstFrame;
        firstFrame.start();
        qint64 firstFrameMs = -1;
        QObject::connect(&view, &QQuickWindow::frameSwapped, &view, [&] {
            if (firstFrameMs < 0) {
                firstFrameMs = firstFrame.elapsed();
                timer.start();
                return;
            }
            if (++frames >= o.fpsFrames) {
                const double seconds = timer.elapsed() / 1000.0;
                std::cout << "frames " << frames << " in " << seconds << " s: " << frames / seconds
                          << " fps; first frame after " << firstFrameMs << " ms; "
                          << controller.boxCount() << " boxes\n";
                QGuiApplication::quit();
                return;
            }
            if (pivot)
                pivot->setProperty("eulerRotation", QVector3D(-30, -35 + frames, 0));
            view.update();
        });
    } else {
        QTimer::singleShot(1500, &view, [&] {
            const bool saved = view.grabWindow().save(o.output);
            std::cout << (saved ? "wrote " : "could not write ") << o.output.toStdString() << "\n";
            result = saved ? podplanner::app::kExitOk : podplanner::app::kExitBadInput;
            QGuiApplication::quit();
        });
    }
    QGuiApplication::exec();
    return result;
}
