#pragma once
// The box every rack and chip is drawn with: Qt's 100-unit #Cube, but each face carries a fixed
// shade as a vertex colour (top brightest, as if lit from above and in front). Drawn without
// lighting, it keeps the depth cues at a fraction of the per-pixel lighting cost, which is
// what limits frame rates close up under software GL (measured: 23 -> 31 fps, docs/scene.md).
#include <QtQml/qqmlregistration.h>
#include <QtQuick3D/qquick3dgeometry.h>

namespace podplanner::views {

class ShadedBox : public QQuick3DGeometry {
    Q_OBJECT
    QML_ELEMENT
  public:
    explicit ShadedBox(QQuick3DObject* parent = nullptr);
};

} // namespace podplanner::views
