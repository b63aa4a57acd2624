#pragma once
// Renders the 3D scene of a document into images without the user: a window of its own with
// Scene.qml, a controller set to the view and job asked for, and a grab once frames have been
// drawn. Quick 3D needs a real GL surface: under xvfb it works; on the offscreen platform the
// scene draws blank, so canRender() says no there.
#include "scene_controller.h"

#include <QImage>
#include <QQuickView>
#include <QVector3D>

#include <optional>

namespace podplanner::views {

class ProjectDocument;

class SceneSnapshotter {
  public:
    // Where the user's camera is (Scene.qml's pivot rotation and camera position); without one
    // the iso preset is used.
    struct Camera {
        QVector3D pivotRotation;
        QVector3D position;
    };

    explicit SceneSnapshotter(ProjectDocument* document, QSize size = {1280, 800});

    static bool canRender(); // false on the offscreen and minimal platforms
    bool ready() const { return view_.status() == QQuickView::Ready; }
    // view: "physical" or "logical"; colorMode as SceneController takes it. Null on failure.
    QImage render(const QString& view, int job, const QString& colorMode = QStringLiteral("job"),
                  const std::optional<Camera>& camera = std::nullopt);
    // The legend and the floor's row names, drawn at screen size: a printed page lists the
    // legend as text, and the names would shrink to unreadable.
    void setOverlaysShown(bool shown);
    // In job colours, this job as it is and the rest faded; -1: every job as it is.
    void setHighlightedJob(int job) { controller_.setHighlightedJob(job); }
    // The legend of the last render: {label, color} maps.
    QVariantList legend() const { return controller_.legend(); }

  private:
    SceneController controller_;
    QQuickView view_;
};

} // namespace podplanner::views
