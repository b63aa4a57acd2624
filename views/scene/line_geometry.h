#pragma once
// Line segments (torus links, wraparound arcs, optical links) as one geometry, after Qt's
// customgeometry example: pairs of points drawn as GL lines (one pixel wide at any distance),
// or, with a ribbon width, as two crossed flat strips of that width in scene units, which
// look like a thick line from any side and get thinner with distance.
#include <QColor>
#include <QVector3D>
#include <QVector>
#include <QtQml/qqmlregistration.h>
#include <QtQuick3D/qquick3dgeometry.h>

namespace podplanner::views {

class LineGeometry : public QQuick3DGeometry {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SceneController")
  public:
    explicit LineGeometry(QQuick3DObject* parent = nullptr);

    // Each consecutive pair of points is one segment, drawn in `colors[segment]` (the
    // material's vertex colours) or, without colours, in `fallback`.
    void setSegments(const QVector<QVector3D>& points, const QVector<QColor>& colors = {},
                     const QColor& fallback = Qt::white);
    int segmentCount() const { return count_; }
    // 0: GL lines; else strips this wide (scene units). Takes effect at the next setSegments.
    void setRibbonWidth(float width) { ribbonWidth_ = width; }
    float ribbonWidth() const { return ribbonWidth_; }

  private:
    int count_ = 0;
    float ribbonWidth_ = 0;
};

} // namespace podplanner::views
