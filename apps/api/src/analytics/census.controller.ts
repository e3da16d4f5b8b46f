import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Req, type AppRequest } from '../infrastructure/http/request-context';
import { CensusIngestion } from './census-ingestion';

/**
 * SPEC 7's census, performance and error-report calls (issue 16 part 4), for visitors: each answers
 * 204 with no body once what it carried is stored (202 for the error reports: the events path's
 * 'success is 200 or 202'), 400 for bad input (nothing stored), 429 past the client's rate limit,
 * 503 when the database stayed unavailable (not stored, or not known to be). Known bots get 204
 * and nothing is stored.
 */
@Controller('api')
export class CensusController {
  constructor(private readonly census: CensusIngestion) {}

  @Post('census/RecordHit')
  @HttpCode(204)
  recordHit(@Req() req: AppRequest): Promise<void> {
    return this.census.recordHit(req);
  }

  @Post('census/button-click')
  @HttpCode(204)
  buttonClick(@Req() req: AppRequest): Promise<void> {
    return this.census.button(req, 'click');
  }

  @Post('census/button-render')
  @HttpCode(204)
  buttonRender(@Req() req: AppRequest): Promise<void> {
    return this.census.button(req, 'render');
  }

  @Post('census/form-render')
  @HttpCode(204)
  formRender(@Req() req: AppRequest): Promise<void> {
    return this.census.formRender(req);
  }

  @Post('census/overlay')
  @HttpCode(204)
  overlay(@Req() req: AppRequest): Promise<void> {
    return this.census.overlay(req);
  }

  @Post('census/RecordQuickView/:id')
  @HttpCode(204)
  quickView(@Req() req: AppRequest, @Param('id') id: string): Promise<void> {
    return this.census.quickView(req, id);
  }

  @Post('1/performance/records')
  @HttpCode(204)
  performance(@Req() req: AppRequest): Promise<void> {
    return this.census.performance(req);
  }

  @Post('events/RecordJavascriptErrors')
  @HttpCode(202)
  javascriptErrors(@Req() req: AppRequest): Promise<void> {
    return this.census.javascriptErrors(req);
  }
}
