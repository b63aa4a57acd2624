#include "scene_snapshot.h"

#include <QEventLoop>
#include <QGuiApplication>
#include <QQmlEngine>
#include <QQuickItem>
#include <QTimer>

namespace podplanner::views {

SceneSnapshotter::SceneSnapshotter(ProjectDocument* document, QSize size) {
    controller_.setDocument(document);
    view_.engine()->addImportPath(QStringLiteral("qrc:/"));
    view_.setInitialProperties(
        {{"controller", QVariant::fromValue(&controller_)},
         {"interactive", false},
         {"smoothEdges", true}}); // pictures for export and print: no jagged edges
    view_.setResizeMode(QQuickView::SizeRootObjectToView);
    view_.setTitle(QStringLiteral("PodPlanner — rendering"));
    view_.setSource(QUrl(QStringLiteral("qrc:/PodPlanner/Scene/Scene.qml")));
    view_.resize(size);
}

void SceneSnapshotter::setOverlaysShown(bool shown) {
    if (QQuickItem* root = view_.rootObject()) {
        root->setProperty("legendShown", shown);
        root->setProperty("floorLabelsShown", shown);
    }
}

bool SceneSnapshotter::canRender() {
    const QString platform = QGuiApplication::platformName();
    return platform != QLatin1String("offscreen") && platform != QLatin1String("minimal");
}

QImage SceneSnapshotter::render(const QString& view, int job, const QString& colorMode,
                                const std::optional<Camera>& camera) {
    if (!ready() || !canRender())
        return {};
    controller_.setView(view);
    controller_.setColorMode(colorMode);
    controller_.setJob(job);
    QQuickItem* root = view_.rootObject();
    QMetaObject::invokeMethod(root, "cameraPreset", Q_ARG(QVariant, QStringLiteral("iso")));
    if (camera) {
        if (QObject* pivot = root->findChild<QObject*>(QStringLiteral("pivot")))
            pivot->setProperty("eulerRotation", camera->pivotRotation);
        if (QObject* eye = root->findChild<QObject*>(QStringLiteral("camera")))
            eye->setProperty("position", camera->position);
    }
    view_.show();
    // Wait until a few frames with the new scene have been swapped (instancing tables and
    // geometry upload on the first), with a timeout so a stuck GL never hangs an export.
    QEventLoop loop;
    int frames = 0;
    const auto connection = QObject::connect(&view_, &QQuickWindow::frameSwapped, &loop, [&] {
        if (++frames >= 3)
            loop.quit();
        else
            view_.update();
    });
    QTimer::singleShot(10'000, &loop, &QEventLoop::quit);
    view_.update();
    loop.exec();
    QObject::disconnect(connection);
    return frames >= 3 ? view_.grabWindow() : QImage{};
}

} // namespace podplanner::views
