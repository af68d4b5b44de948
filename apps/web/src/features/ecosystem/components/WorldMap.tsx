import { ECOSYSTEM_COUNTRIES, type MapCountry } from '@nexus/contracts';
import { geoEqualEarth, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

const WIDTH = 960;
const HEIGHT = 480;

/** The shipped world geometry (world-atlas, Natural Earth 1:110m), drawn once per module load. */
const world = feature(
  countries110m as unknown as Topology<{ countries: GeometryCollection }>,
  (countries110m as unknown as Topology<{ countries: GeometryCollection }>).objects.countries,
) as FeatureCollection<Geometry, { name: string }>;
const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], world);
const path = geoPath(projection);
const shapes = world.features
  .filter((f) => f.properties?.name !== 'Antarctica')
  .map((f: Feature<Geometry, { name: string }>) => ({
    id: String(f.id),
    name: f.properties.name,
    d: path(f) ?? '',
  }));

/**
 * The ecosystem on a world map (no tile server): countries with something are shaded by their count,
 * with a bubble at the country's centre; the country chosen in the table is outlined. The table
 * beside it carries the same figures for keyboard and screen-reader users.
 */
export default function WorldMap({
  countries,
  selected,
}: {
  countries: MapCountry[];
  selected: string | null;
}) {
  const byAtlas = useMemo(() => {
    const map = new Map<string, { code: string; total: number }>();
    for (const row of countries) {
      const country = ECOSYSTEM_COUNTRIES.find((c) => c.code === row.country);
      if (country) map.set(country.atlasId, { code: country.code, total: row.total });
    }
    return map;
  }, [countries]);
  const max = Math.max(1, ...countries.map((c) => c.total));
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label="World map of the ecosystem; the list beside it gives the same counts"
      style={{ display: 'block' }}
    >
      <rect width={WIDTH} height={HEIGHT} fill="var(--mantine-color-blue-0, #e7f5ff)" rx={8} />
      {shapes.map((shape) => {
        const hit = byAtlas.get(shape.id);
        const share = hit ? 0.25 + 0.75 * (hit.total / max) : 0;
        return (
          <path
            key={`${shape.id}-${shape.name}`}
            d={shape.d}
            fill={hit ? `rgba(25, 113, 194, ${share.toFixed(2)})` : 'var(--mantine-color-gray-3, #dee2e6)'}
            stroke={hit && hit.code === selected ? '#1a1b1e' : '#fff'}
            strokeWidth={hit && hit.code === selected ? 1.5 : 0.5}
          >
            <title>{hit ? `${shape.name}: ${hit.total}` : shape.name}</title>
          </path>
        );
      })}
      {countries.map((row) => {
        const country = ECOSYSTEM_COUNTRIES.find((c) => c.code === row.country);
        const point = country ? projection([country.lon, country.lat]) : null;
        if (!point) return null;
        return (
          <g key={row.country}>
            <circle
              cx={point[0]}
              cy={point[1]}
              r={6 + 10 * Math.sqrt(row.total / max)}
              fill="#e8590c"
              fillOpacity={0.85}
              stroke="#fff"
            />
            <text
              x={point[0]}
              y={point[1] + 4}
              textAnchor="middle"
              fontSize={11}
              fontWeight={700}
              fill="#fff"
            >
              {row.total}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
